// Spec §4: on every location change the signed-in user is fetched; an expired subscription goes to /my-subscription.
import { USER_MESSAGES } from '@cx/contracts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { tsr } from '@/lib/api-client';
import { session, useSession } from '@/lib/session';
import { CURRENT_USER_QUERY_KEY } from '../api/profile';
import { toSessionUser } from '../api/session-user';

export const EXPIRED_TOAST_ID = 'subscription-expired';

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
        if (
          body.user.subscriptionStatus === 'expired' &&
          location.pathname !== paths.business.mySubscription.path
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
