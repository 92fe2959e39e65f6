// The business top bar: menu button (below lg), welcome line, Get Reviews, the cases inbox (#37), notifications bell and
// profile chip; a visitor
// on the unguarded pages (/user, /products, /blog) gets a Login button instead of the bell and chip, which need a token.
import { Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuMenu } from 'react-icons/lu';
import { AccountMenu } from '@/features/auth/components/AccountMenu';
import { NotificationsBell } from '@/features/notifications/components/NotificationsBell';
import { authDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';
import { TOP_BAR_HEIGHT } from './dimensions';
import { TrialCountdown } from './TrialCountdown';

// The inbox button's code and its count's read come after the layout's first paint (the /dashboard budget).
const CasesNavCount = lazy(() =>
  import('@/features/cases/components/CasesNavCount').then((m) => ({ default: m.CasesNavCount })),
);

export type TTopBarProps = { onOpenNav: () => void };

function firstName(fullname: string | undefined): string {
  return fullname?.trim().split(/\s+/)[0] ?? '';
}

export function TopBar({ onOpenNav }: TTopBarProps) {
  const { user, isSignedIn } = useSession();
  const name = firstName(user?.fullname);
  return (
    <Flex
      as="header"
      h={TOP_BAR_HEIGHT}
      // The bottom border counts inside the spec's 64/80 px, not on top of them.
      boxSizing="border-box"
      flexShrink="0"
      px={{ base: '2', md: '6' }}
      align="center"
      gap={{ base: '1.5', md: '3' }}
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <IconButton
        aria-label="Open navigation menu"
        variant="ghost"
        size={{ base: 'sm', md: 'md' }}
        hideFrom="lg"
        onClick={onOpenNav}
      >
        <LuMenu />
      </IconButton>
      <Box flex="1" minW="0">
        <Text fontSize={{ base: 'sm', sm: 'md', md: 'lg' }} fontWeight="semibold" truncate>
          {name ? `Welcome, ${name}` : 'Welcome'}
        </Text>
        <TrialCountdown />
      </Box>
      <HStack gap={{ base: '1', md: '3' }}>
        <Button
          colorPalette="brand"
          size={{ base: 'xs', sm: 'sm', md: 'md' }}
          onClick={() => authDialog.open('plans')}
        >
          Get Reviews
        </Button>
        {isSignedIn ? (
          <>
            <Suspense fallback={<Box w={{ base: '8', md: '10' }} flexShrink="0" />}>
              <CasesNavCount />
            </Suspense>
            <NotificationsBell />
            <AccountMenu />
          </>
        ) : (
          <Button
            variant="outline"
            colorPalette="brand"
            size={{ base: 'xs', sm: 'sm', md: 'md' }}
            onClick={() => authDialog.open('login')}
          >
            Login
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
