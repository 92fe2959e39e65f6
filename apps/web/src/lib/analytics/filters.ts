// The dashboard's filters (period, store, area, staff, kind and page extras) kept in the URL query: shareable, back button works.
import { PERIOD_PRESETS, ZAnalyticsFilterSchema, withPeriodRules, type TPeriodPreset } from '@cx/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export const PERIOD_LABELS: Record<TPeriodPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  last90: 'Last 90 days',
  custom: 'Custom range',
};

export const DEFAULT_PERIOD: TPeriodPreset = 'last30';

export type TKind = 'staff' | 'experience';

/** The filters every dashboard call takes, as query-string values (what the contract's query accepts). */
export type TDashboardFilters = {
  period: TPeriodPreset;
  from?: string;
  to?: string;
  stores?: string;
  /** One area id: the stores under it. */
  areas?: string;
  staff?: string;
  kind?: TKind;
};

const isPreset = (v: string | null): v is TPeriodPreset => PERIOD_PRESETS.includes(v as TPeriodPreset);

/** Reads the filters from a URL query; unknown values fall back to the defaults instead of failing the page. */
export function readFilters(params: URLSearchParams): TDashboardFilters {
  const period = params.get('period');
  const kind = params.get('kind');
  const filters: TDashboardFilters = { period: isPreset(period) ? period : DEFAULT_PERIOD };
  if (filters.period === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (from) filters.from = from;
    if (to) filters.to = to;
  }
  const stores = params.get('stores');
  if (stores) filters.stores = stores;
  const areas = params.get('areas');
  if (areas) filters.areas = areas;
  const staff = params.get('staff');
  if (staff) filters.staff = staff;
  if (kind === 'staff' || kind === 'experience') filters.kind = kind;
  return filters;
}

/** Per-field messages from the contract's own rules (custom range needs both days, in order, ≤ 366 days). */
export function filterErrors(filters: TDashboardFilters): Partial<Record<'from' | 'to', string>> {
  const result = withPeriodRules(ZAnalyticsFilterSchema).safeParse(filters);
  if (result.success) return {};
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === 'from' || key === 'to') && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export type TParamPatch = Record<string, string | undefined>;

/**
 * The URL's filters and a setter that writes a patch to the query (a new history entry, so Back restores the last
 * view). Empty values remove their key; a preset period drops a stale custom range.
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const errors = useMemo(() => filterErrors(filters), [filters]);
  // The router applies a navigation a moment later: a second change before then (a fast second pick) must build on the
  // first, not on the query still shown. Any new URL (including Back) ends that wait.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const update = useCallback(
    (patch: TParamPatch) => {
      const next = new URLSearchParams(pending.current ?? params);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (next.get('period') !== 'custom') {
        next.delete('from');
        next.delete('to');
      }
      pending.current = next;
      setParams(next, { preventScrollReset: true });
    },
    [params, setParams],
  );
  return { filters, errors, isValid: Object.keys(errors).length === 0, params, update };
}

const SHARED_KEYS = ['period', 'from', 'to', 'stores', 'areas', 'staff', 'kind'] as const;

/** '?period=…&stores=…' with only the filters every dashboard page shares, so a link to another page keeps them. */
export function sharedSearch(params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const key of SHARED_KEYS) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  const qs = next.toString();
  return qs ? `?${qs}` : '';
}
