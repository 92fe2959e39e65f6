// The signed-in member's scheduled report preferences and "send me one now" (the /reports contract).
import type { TReportPreferences } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const REPORT_PREFERENCES_QUERY_KEY = ['reports', 'preferences'] as const;

export function useReportPreferences(enabled: boolean) {
  return tsr.reports.getPreferences.useQuery({ queryKey: REPORT_PREFERENCES_QUERY_KEY, enabled });
}

/** Saves one switch; the answer (the whole preference) replaces the cached one. */
export function useUpdateReportPreferences() {
  const queryClient = useQueryClient();
  return tsr.reports.updatePreferences.useMutation({
    onSuccess: ({ body }: { body: TReportPreferences }) => {
      queryClient.setQueryData(REPORT_PREFERENCES_QUERY_KEY, (old: object | undefined) => ({
        ...(old ?? { status: 200, headers: new Headers() }),
        body,
      }));
    },
  });
}

export function useSendReportNow() {
  return tsr.reports.sendNow.useMutation();
}
