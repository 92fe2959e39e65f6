// The business's ranking settings (minimum ratings before a person or store is ranked); saving refreshes every figure.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { tsr } from '@/lib/api-client';
import { useLiveRatings } from '@/lib/live-ratings';

export const ANALYTICS_QUERY_KEY = ['analytics'] as const;
const SETTINGS_KEY = [...ANALYTICS_QUERY_KEY, 'settings'] as const;

export function useAnalyticsSettings() {
  return tsr.analytics.getSettings.useQuery({ queryKey: SETTINGS_KEY });
}

export function useUpdateAnalyticsSettings() {
  const queryClient = useQueryClient();
  return tsr.analytics.updateSettings.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
  });
}

/**
 * While a business page is open, every rating pushed over the socket refreshes the dashboard's figures (Snapshot,
 * leagues, timeline), at most once a second so a busy store does not refetch per rating.
 */
export function useLiveAnalytics(): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);
  useLiveRatings(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY });
    }, 1000);
  });
}
