// The staff league table for the URL's filters and sort (the API ranks and sorts; ties share a rank).
import { keepPreviousData } from '@tanstack/react-query';
import type { TLeagueSort, TSortOrder } from '@/components/analytics/SortHeader';
import { tsr } from '@/lib/api-client';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export function useStaffLeague(
  filters: TDashboardFilters,
  sort: { sort: TLeagueSort; order: TSortOrder },
  enabled = true,
) {
  const query = { ...filters, ...sort };
  return tsr.analytics.staffLeague.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'staff-league', query],
    queryData: { query },
    placeholderData: keepPreviousData,
    enabled,
  });
}
