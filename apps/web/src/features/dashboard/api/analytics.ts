// Snapshot, Overview and comment-theme queries for the URL's filters; the previous answer stays on screen while a new period loads.
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export type TGranularity = 'auto' | 'day' | 'week' | 'month';

export function useSnapshot(filters: TDashboardFilters, enabled = true) {
  return tsr.analytics.snapshot.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'snapshot', filters],
    queryData: { query: filters },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A store-limited member's stores' places in the whole chain ("#2 of 3"), for the period only. */
export function useStoreRank(filters: TDashboardFilters, enabled = true) {
  const { period, from, to } = filters;
  return tsr.analytics.storeRank.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'store-rank', { period, from, to }],
    queryData: { query: { period, from, to } },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useOverview(filters: TDashboardFilters, granularity: TGranularity, enabled = true) {
  return tsr.analytics.overview.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'overview', filters, granularity],
    queryData: { query: { ...filters, granularity } },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The panel lists this many themes (the API's default is 8): enough to see a pattern, short enough for a phone. */
export const THEMES_SHOWN = 6;

/** Discovery finds a new theme within a minute of its third comment: an open page asks again this often to show it. */
export const THEMES_REFRESH_MS = 30_000;

export function useThemesReport(filters: TDashboardFilters, enabled = true) {
  return tsr.analytics.themes.useQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'themes', filters],
    queryData: { query: { ...filters, limit: THEMES_SHOWN } },
    placeholderData: keepPreviousData,
    refetchInterval: THEMES_REFRESH_MS,
    enabled,
  });
}
