// A report's figures for one member: the Snapshot, the trend, both league tables and the comments, from the dashboards' services.
import type {
  TCaseMetrics,
  TOverview,
  TReportPeriod,
  TSnapshot,
  TStaffLeague,
  TStoreLeague,
  TTimelineItem,
} from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { BusinessModel } from '../../tenancy/business.model';
import { overview, snapshot } from '../analytics/dashboard.service';
import {
  LEAGUE_METRICS,
  loadRows,
  staffLeagueFrom,
  staffLeagueRows,
  storeLeagueFrom,
} from '../analytics/league.service';
import { addDays } from '../../lib/time';
import { loadScope } from '../analytics/scope';
import { timelineBatches } from '../analytics/timeline.service';
import { caseMetrics } from '../cases/case-metrics';
import { performanceFor } from '../targets/performance';
import type { ReportDays } from './report.period';

/** At most this many comments in one report (newest first); the rest are on the timeline. */
export const MAX_REPORT_COMMENTS = 200;

export interface ReportData {
  period: TReportPeriod;
  business: string;
  days: ReportDays;
  snapshot: TSnapshot;
  trend: TOverview;
  staffLeague: Omit<TStaffLeague, 'period'>;
  storeLeague: Omit<TStoreLeague, 'period'>;
  comments: { store: string; items: TTimelineItem[] }[];
  /** True when the period had more comments than the report holds. */
  moreComments: boolean;
  /** Complaint handling over the period: response and resolution times, SLA, recovery, root causes per store. */
  cases: TCaseMetrics;
}

/**
 * Everything a report shows, over the member's stores (their Access) and the given local days, exactly as the
 * dashboard computes it for a custom period: the same scope, the same rollups, the same services.
 */
export async function reportData(
  access: Access,
  period: TReportPeriod,
  days: ReportDays,
  now = new Date(),
): Promise<ReportData> {
  const filter = { period: 'custom' as const, from: days.from, to: days.to };
  const scope = await loadScope(access, filter, now);
  // a one-day trend is a single dot: the daily report draws the week up to that day instead
  const trendFilter = period === 'daily' ? { ...filter, from: addDays(days.to, -6) } : filter;
  const trendScope = period === 'daily' ? await loadScope(access, trendFilter, now) : scope;
  const [snap, trend, staffLeague, storeRows, business, perf, cases] = await Promise.all([
    snapshot(scope),
    overview(trendScope, 'day'),
    staffLeagueFrom(scope, staffLeagueRows(scope)),
    loadRows(scope, [...LEAGUE_METRICS], { people: 'store' }),
    BusinessModel.findById(access.businessId, { name: 1 }).lean(),
    performanceFor(access, scope),
    caseMetrics(access, filter, now),
  ]);
  const league = storeLeagueFrom(scope, storeRows);
  const withTargets = (rows: typeof league.ranked) =>
    rows.map((r) => ({ ...r, targets: perf.metrics(r.store._id) }));
  const byStore = new Map<string, TTimelineItem[]>();
  let count = 0;
  let moreComments = false;
  const batches = timelineBatches(
    scope,
    { ...filter, flagged: 'exclude', hasComment: true },
    MAX_REPORT_COMMENTS + 1,
  );
  for await (const batch of batches) {
    for (const item of batch) {
      if (count === MAX_REPORT_COMMENTS) {
        moreComments = true;
        break;
      }
      count += 1;
      const list = byStore.get(item.store.name) ?? [];
      list.push(item);
      byStore.set(item.store.name, list);
    }
  }
  return {
    period,
    business: business?.name ?? '',
    days,
    snapshot: snap,
    trend,
    staffLeague,
    storeLeague: { ...league, ranked: withTargets(league.ranked), notRanked: withTargets(league.notRanked) },
    comments: [...byStore.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([store, items]) => ({ store, items })),
    moreComments,
    cases,
  };
}
