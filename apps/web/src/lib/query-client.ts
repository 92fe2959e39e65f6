// The react-query client with the spec's cache settings and the app's ONE 401 / 402 / 403 NO_BUSINESS handler (cache onError).
import { USER_MESSAGES } from '@cx/contracts';
import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import {
  apiErrorMessage,
  isHttpErrorResponse,
  isNoBusinessError,
  isPaymentRequiredError,
  isUnauthorizedError,
} from '@/lib/api-error';
import { session } from '@/lib/session';

export const SESSION_EXPIRED_TOAST_ID = 'session-expired';
/** One warning however many calls (or the current-user check) find the plan expired together. */
export const SUBSCRIPTION_EXPIRED_TOAST_ID = 'subscription-expired';

/** Pages a business without a plan may stay on: the subscription, the payment results, invitations, no-access. */
export const PAGES_WITHOUT_PLAN: readonly string[] = [
  paths.business.mySubscription.path,
  paths.business.paymentSuccess.path,
  paths.business.paymentFailed.path,
  paths.team.acceptInvitation.path,
  paths.team.noAccess.path,
];

/** Retry a failed query once, but never a 4xx: the server already gave its answer (and a 401 must act at once). */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (isHttpErrorResponse(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Spec §9: cached data kept 60 s after last use; no refetch on focus or reconnect; one retry for queries only. */
export const queryClientDefaults = {
  queries: {
    gcTime: 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: retryOnce,
  },
  mutations: {
    retry: 0,
  },
} satisfies DefaultOptions;

export type TQueryClientOptions = {
  /** Client-side navigation, e.g. the data router's `router.navigate`. */
  navigate: (to: string) => void;
  /** The path shown now (the data router's location; the browser's by default). */
  currentPath?: () => string;
};

export function createQueryClient({
  navigate,
  currentPath = () => window.location.pathname,
}: TQueryClientOptions): QueryClient {
  const onError = (error: unknown) => {
    if (isPaymentRequiredError(error)) {
      // The API's paywall (402): the same as an expired status on the current user, a warning and /my-subscription;
      // on the pages a business without a plan keeps, the call's own error state is enough.
      if (PAGES_WITHOUT_PLAN.includes(currentPath())) return;
      toaster.create({
        id: SUBSCRIPTION_EXPIRED_TOAST_ID,
        type: 'warning',
        title: USER_MESSAGES.expiredPlan,
      });
      navigate(paths.business.mySubscription.path);
      return;
    }
    if (isNoBusinessError(error)) {
      // Removed from the business (#21): still signed in, so the session stays; the page offers another business or
      // logout (switching business resets every cached query).
      navigate(paths.team.noAccess.path);
      return;
    }
    if (!isUnauthorizedError(error)) return;
    // Spec §8: clear local storage, reset cached API state, go to / and show the server's message.
    session.clear();
    queryClient.clear();
    navigate(paths.marketing.home.path);
    // A fixed id so several requests failing together show one toast, not a stack of them.
    toaster.create({
      id: SESSION_EXPIRED_TOAST_ID,
      type: 'error',
      title: apiErrorMessage(error, 'Your session has ended. Please log in again.'),
    });
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: queryClientDefaults,
  });
  return queryClient;
}
