// Guards the business area (spec §2): without a stored token the visitor is sent to /.
import { Navigate, Outlet, redirect } from 'react-router';
import { paths } from '@/config/paths';
import { session, useSession } from '@/lib/session';

/** Runs before the business chunk is fetched, so visitors never download dashboard code. */
export function requireTokenLoader() {
  return session.getToken() ? null : redirect(paths.marketing.home.path);
}

/** Keeps the guard live: a logout in another tab or a cleared session redirects at once. */
export function RequireToken() {
  const { isSignedIn } = useSession();
  return isSignedIn ? <Outlet /> : <Navigate to={paths.marketing.home.path} replace />;
}
