// Spec §4: on every location change the signed-in user is fetched; an expired (or canceled) subscription goes to
// /my-subscription. The payment pages are exempt: a user back from Stripe sees the confirmation, not a redirect.
// A person in no business any more (removed, #21) goes to /no-access, except on the pages that let them in again.
import { NO_ACCESS_STATUSES, USER_MESSAGES } from '@cx/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { tsr } from '@/lib/api-client';
import { PAGES_WITHOUT_PLAN, SUBSCRIPTION_EXPIRED_TOAST_ID } from '@/lib/query-client';
import { session, useSession } from '@/lib/session';
import { CURRENT_USER_QUERY_KEY } from '../api/profile';
import { toSessionUser } from '../api/session-user';

export const EXPIRED_TOAST_ID = SUBSCRIPTION_EXPIRED_TOAST_ID;

/** Pages a signed-in person without a current business may stay on. */
const ALLOWED_WITHOUT_BUSINESS: readonly string[] = [
  paths.team.acceptInvitation.path,
  paths.team.noAccess.path,
  ...Object.values(paths.marketing).map((r) => r.path),
  paths.notFound.path,
];

export function CurrentUserSync() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const client = tsr.useQueryClient();

  useEffect(() => {
    if (!isSignedIn) return;
    let cancelled = false;
    // fetchQuery with staleTime 0 always asks the API; a 401 reaches the app's one handler through the query cache.
    client.users.me
      .fetchQuery({ queryKey: CURRENT_USER_QUERY_KEY, staleTime: 0 })
      .then(({ body }) => {
        if (cancelled || !session.getToken()) return;
        session.setUser(toSessionUser(body.user));
        if (body.user.role === null && !ALLOWED_WITHOUT_BUSINESS.includes(location.pathname)) {
          void navigate(paths.team.noAccess.path, { replace: true });
          return;
        }
        if (
          NO_ACCESS_STATUSES.includes(body.user.subscriptionStatus) &&
          !PAGES_WITHOUT_PLAN.includes(location.pathname)
        ) {
          toaster.create({ id: EXPIRED_TOAST_ID, type: 'warning', title: USER_MESSAGES.expiredPlan });
          void navigate(paths.business.mySubscription.path, { replace: true });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // location.key changes on every navigation, including to the same path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSignedIn, location.key]);

  return null;
}
