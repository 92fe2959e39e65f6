// The area league table for the URL's filters, one node at a time (the API ranks areas by the store league's rules).
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export function useAreaLeague(filters: TDashboardFilters, parent: string | undefined, enabled = true) {
  const query = { ...filters, ...(parent ? { parent } : {}) };
  return tsr.analytics.areaLeague.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'area-league', query],
    queryData: { query },
    placeholderData: keepPreviousData,
    enabled,
  });
}
