// The root route: scrolls to the top on each path change, checks a signed-in user and hosts the auth dialog.
import { lazy, useEffect } from 'react';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { env } from '@/config/env';
import { useSession } from '@/lib/session';
import { AuthDialogHost } from './AuthDialogHost';
import { WithApi } from './WithApi';
import '@/components/public-page.css';

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

/** Shown while the first route's chunk loads (plain CSS: Chakra may not have loaded yet). */
export function RouteFallback() {
  return (
    <div className="pub-center">
      <div className="pub-spinner" role="status" aria-label="Loading" />
    </div>
  );
}

/** A chunk that fails to load (e.g. after a deploy) or a render error: offer a reload instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (env.isDev) console.error(error);
  return (
    <div className="pub-center">
      <div className="pub-error">
        <h1 className="pub-error-title">Something went wrong</h1>
        <p className="pub-error-text">Please reload the page. If the problem continues, contact us.</p>
        <button
          type="button"
          className="pub-btn pub-btn-solid pub-btn-lg"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </div>
    </div>
  );
}
