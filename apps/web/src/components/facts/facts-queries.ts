// The facts strip's reads, each from an endpoint that answers from rollups or small indexed counts (never a scan of
// ratings): today's snapshot, the member's stores' rank in the chain, open alerts, who is on shift now.
import { tsr } from '@/lib/api-client';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

/** The rank is over the dashboard's default period: a single day rarely has enough ratings to rank anyone. */
export const RANK_PERIOD = 'last30';
/** Alerts and shifts change without a rating arriving (an acknowledgement, a shift starting): asked again this often. */
export const FACTS_REFRESH_MS = 60_000;

/** Under the analytics key, so a live rating refreshes the figures like every other dashboard number. */
export const FACTS_QUERY_KEY = [...ANALYTICS_QUERY_KEY, 'facts'] as const;

export function useFacts() {
  const today = tsr.analytics.snapshot.useQuery({
    queryKey: [...FACTS_QUERY_KEY, 'today'],
    queryData: { query: { period: 'today' } },
  });
  const rank = tsr.analytics.storeRank.useQuery({
    queryKey: [...FACTS_QUERY_KEY, 'rank'],
    queryData: { query: { period: RANK_PERIOD } },
  });
  const alerts = tsr.notifications.list.useQuery({
    queryKey: ['notifications', 'facts'],
    queryData: { query: { page: 1, limit: 1 } },
    refetchInterval: FACTS_REFRESH_MS,
  });
  const onShift = tsr.rota.onShift.useQuery({
    queryKey: ['rota', 'on-shift', 'facts'],
    queryData: { query: {} },
    refetchInterval: FACTS_REFRESH_MS,
  });
  return { today, rank, alerts, onShift };
}
