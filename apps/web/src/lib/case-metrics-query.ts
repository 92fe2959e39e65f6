// The complaint-handling numbers (GET /analytics/cases) for the dashboard filters' period and stores: the Snapshot's
// card and the cases page's per-store table read the same cached answer.
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export function useCaseMetrics(filters: TDashboardFilters, enabled = true) {
  const { period, from, to, stores, areas } = filters;
  const query = { period, from, to, stores, areas };
  return tsr.cases.metrics.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'cases', query],
    queryData: { query },
    placeholderData: keepPreviousData,
    enabled,
  });
}
