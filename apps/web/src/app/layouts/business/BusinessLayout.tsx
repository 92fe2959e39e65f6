// The business area shell: fixed 280 px side panel from `lg`, a drawer below it that closes on route change, top bar, content.
import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SelectStoreDialogHost } from '@/app/SelectStoreDialogHost';
import { paths } from '@/config/paths';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useLiveAnalytics } from '@/lib/analytics/settings';
import { CONTENT_EXTRA_PADDING_Y, SIDEBAR_WIDTH } from './dimensions';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

// Phones only, so the desktop's /dashboard scripts do not carry it.
const FactsStrip = lazy(() =>
  import('@/components/facts/FactsStrip').then((m) => ({ default: m.FactsStrip })),
);

/** The dashboard pages a phone opens on today's facts (#36): the figures pages, not the settings ones. */
const FACTS_PAGES: ReadonlySet<string> = new Set(
  [
    paths.business.dashboard,
    paths.business.overview,
    paths.business.staffOnShift,
    paths.business.staffPerformance,
    paths.business.storePerformance,
    paths.business.customersFeedback,
  ].map((p) => p.path),
);

export function BusinessLayout() {
  useLiveAnalytics();
  const { pathname } = useLocation();
  const phone = useIsPhone();
  // The drawer is open only on the path it was opened on, so any navigation closes it without an effect.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === pathname;

  return (
    <Box minH="100dvh" bg="page.bg">
      <Box
        as="aside"
        display={{ base: 'none', lg: 'block' }}
        position="fixed"
        insetY="0"
        insetStart="0"
        w={SIDEBAR_WIDTH}
        borderEndWidth="1px"
        zIndex="docked"
      >
        <SideNav />
      </Box>

      <Drawer.Root
        open={drawerOpen}
        onOpenChange={(details) => setDrawerOpenedAt(details.open ? pathname : null)}
        placement="start"
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={SIDEBAR_WIDTH} aria-label="Navigation menu">
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close navigation menu" />
              </Drawer.CloseTrigger>
              <SideNav />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Box ms={{ base: '0', lg: SIDEBAR_WIDTH }} minH="100dvh" display="flex" flexDirection="column">
        <TopBar onOpenNav={() => setDrawerOpenedAt(pathname)} />
        <Box
          as="main"
          flex="1"
          px={{ base: '4', md: '6' }}
          py={{
            base: `calc(16px + ${CONTENT_EXTRA_PADDING_Y})`,
            md: `calc(24px + ${CONTENT_EXTRA_PADDING_Y})`,
          }}
        >
          {phone && FACTS_PAGES.has(pathname) ? (
            <Suspense fallback={null}>
              <FactsStrip />
            </Suspense>
          ) : null}
          <Outlet />
        </Box>
      </Box>
      <SelectStoreDialogHost />
    </Box>
  );
}
