// The react-query client with the spec's cache settings and the app's ONE 401 / 403 NO_BUSINESS handler (cache onError).
import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage, isHttpErrorResponse, isNoBusinessError, isUnauthorizedError } from '@/lib/api-error';
import { session } from '@/lib/session';

export const SESSION_EXPIRED_TOAST_ID = 'session-expired';

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
};

export function createQueryClient({ navigate }: TQueryClientOptions): QueryClient {
  const onError = (error: unknown) => {
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
