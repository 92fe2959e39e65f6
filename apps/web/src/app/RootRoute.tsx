// The root route: scrolls to the top on each path change, checks a signed-in user and hosts the auth dialog.
import { Box, Button, Center, Heading, Spinner, Text } from '@chakra-ui/react';
import { lazy, useEffect } from 'react';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { env } from '@/config/env';
import { useSession } from '@/lib/session';
import { AuthDialogHost } from './AuthDialogHost';
import { WithApi } from './WithApi';

// Only a signed-in visitor has a user to fetch, so only they load it (and the API layer) on a marketing page.
const CurrentUserSync = lazy(() =>
  import('@/features/auth/components/CurrentUserSync').then((m) => ({ default: m.CurrentUserSync })),
);

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootRoute() {
  const { isSignedIn } = useSession();
  return (
    <>
      <ScrollToTop />
      {isSignedIn ? (
        <WithApi>
          <CurrentUserSync />
        </WithApi>
      ) : null}
      <Outlet />
      <AuthDialogHost />
    </>
  );
}

/** Shown while the first route's chunk loads. */
export function RouteFallback() {
  return (
    <Center minH="100dvh">
      <Spinner size="lg" color="brand.solid" aria-label="Loading" />
    </Center>
  );
}

/** A chunk that fails to load (e.g. after a deploy) or a render error: offer a reload instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (env.isDev) console.error(error);
  return (
    <Center minH="100dvh" px="4">
      <Box textAlign="center" maxW="md">
        <Heading as="h1" size="xl" mb="2">
          Something went wrong
        </Heading>
        <Text color="fg.muted" mb="6">
          Please reload the page. If the problem continues, contact us.
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Center>
  );
}
