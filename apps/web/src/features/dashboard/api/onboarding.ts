// The first-run step and setup checklist (GET/PUT /onboarding), for members who may set the business up.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const ONBOARDING_QUERY_KEY = ['onboarding'] as const;

export function useOnboarding(enabled: boolean) {
  return tsr.onboarding.get.useQuery({ queryKey: ONBOARDING_QUERY_KEY, enabled });
}

/** The first run renames the business and may add stores: every cached read (stores, the user's business) is stale. */
export function useFirstRun() {
  const queryClient = useQueryClient();
  return tsr.onboarding.firstRun.useMutation({ onSuccess: () => queryClient.invalidateQueries() });
}

export function useDismissChecklist() {
  const queryClient = useQueryClient();
  return tsr.onboarding.dismiss.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_QUERY_KEY }),
  });
}
