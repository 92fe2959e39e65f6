// Snapshot and Overview: KPIs with the previous period, series, the hour-of-week heatmap and the staff/experience split.
import { DateTime } from 'luxon';
import type {
  TOverview,
  TOverviewQuery,
  TSeriesPoint,
  TSnapshot,
  TStaffLeague,
  TStaffLeagueRow,
} from '@cx/contracts';
import { addDays, weekStart } from '../../lib/time';
import {
  addTo,
  average,
  compared,
  csat,
  emptyAgg,
  isRatingRow,
  loadRows,
  sumRows,
  type Agg,
} from './figures';
import { LEAGUE_METRICS, staffLeagueFrom, storeLeagueFrom } from './league.service';
import { currentRatingRows } from './overview-rows';
import type { Scope } from './scope';
import { timelinePage } from './timeline.service';

const pct = (part: number, whole: number) => (whole ? (part / whole) * 100 : null);

export async function snapshot(scope: Scope): Promise<TSnapshot> {
  const loading = loadRows(scope, [...LEAGUE_METRICS]);
  // the rows, the people and the latest comments in one round trip
  const [rows, staffLeague, latest] = await Promise.all([
    loading,
    staffLeagueFrom(scope, loading),
    timelinePage(scope, { ...scope.filter, flagged: 'exclude', hasComment: true, limit: 5 }),
  ]);
  const ratings = sumRows(rows.filter((r) => isRatingRow(scope, r)));
  const storeRows = rows.filter((r) => r.staff === null);
  const visits = sumRows(storeRows.filter((r) => r.metric === 'visit'));
  const social = sumRows(storeRows.filter((r) => r.metric === 'social'));
  const storeLeague = storeLeagueFrom(scope, rows);

  const best = staffLeague.ranked[0];
  const improved = mostImprovedOf(staffLeague, rows, scope.minSample);

  return {
    period: scope.label,
    ratings: compared(ratings.current.count, ratings.previous.count),
    average: compared(average(ratings.current), average(ratings.previous)),
    csat: compared(csat(ratings.current), csat(ratings.previous)),
    visits: compared(visits.current.count, visits.previous.count),
    ratingRate: compared(
      pct(ratings.current.count, visits.current.count),
      pct(ratings.previous.count, visits.previous.count),
    ),
    socialClicks: compared(social.current.count, social.previous.count),
    bestStaff: best
      ? {
          staff: best.staff,
          adjustedAverage: best.adjustedAverage!,
          average: best.average!,
          ratings: best.ratings,
        }
      : null,
    mostImproved: improved
      ? {
          staff: improved.staff,
          average: improved.average!,
          previousAverage: improved.trend.previousAverage!,
          change: improved.trend.change!,
          ratings: improved.ratings,
        }
      : null,
    stores: [...storeLeague.ranked, ...storeLeague.notRanked].map((s) => ({
      rank: s.rank,
      store: s.store,
      ratings: s.ratings,
      average: s.average,
      adjustedAverage: s.adjustedAverage,
    })),
    latestComments: latest.items,
  };
}

/** The person whose average rose most against the previous period, both periods at least the minimum sample. */
export function mostImprovedOf(
  league: Pick<TStaffLeague, 'ranked' | 'notRanked'>,
  rows: Awaited<ReturnType<typeof loadRows>>,
  minSample: number,
): TStaffLeagueRow | undefined {
  return league.ranked
    .concat(league.notRanked)
    .filter(
      (r) =>
        r.ratings >= minSample &&
        r.trend.change !== null &&
        r.trend.change > 0 &&
        previousCount(rows, r.staff._id) >= minSample,
    )
    .sort((a, b) => b.trend.change! - a.trend.change! || b.ratings - a.ratings)[0];
}

function previousCount(rows: Awaited<ReturnType<typeof loadRows>>, staff: string): number {
  return rows
    .filter((r) => r.period === 'previous' && r.metric === 'staff' && r.staff === staff)
    .reduce((n, r) => n + r.count, 0);
}

type Granularity = TOverview['granularity'];

/** Day up to 31 days, week up to 180, month beyond (unless asked). */
export function granularityFor(days: number, asked: TOverviewQuery['granularity']): Granularity {
  if (asked !== 'auto') return asked;
  return days <= 31 ? 'day' : days <= 180 ? 'week' : 'month';
}

const bucketOf = (day: string, g: Granularity) =>
  g === 'day' ? day : g === 'week' ? weekStart(day) : `${day.slice(0, 7)}-01`;

export async function overview(scope: Scope, granularity: TOverviewQuery['granularity']): Promise<TOverview> {
  const g = granularityFor(scope.label.days, granularity);
  // whole weeks as week rows only when the buckets are weeks (a week row cannot be split into days or months)
  const rows = await currentRatingRows(scope, g === 'week');
  const ratingRows = rows.filter((r) => isRatingRow(scope, r));

  const buckets = new Map<string, Agg>();
  if (scope.stores.length) {
    for (let day = scope.current.from; day <= scope.current.to; day = addDays(day, 1)) {
      buckets.set(bucketOf(day, g), emptyAgg());
    }
  }
  const cells = new Map<string, { weekday: number; hour: number; count: number; sum: number }>();
  for (const r of ratingRows) {
    addTo(buckets.get(bucketOf(r.day, g)) ?? emptyAgg(), r);
    const dayWeekday = r.week ? 0 : DateTime.fromISO(r.day).weekday;
    for (const [at, cell] of Object.entries(r.h ?? {})) {
      if (!cell?.n) continue;
      // day rows: h.<hour>; week rows: h.<weekday>-<hour>
      const [weekday, hour] = r.week
        ? (at.split('-').map(Number) as [number, number])
        : [dayWeekday, Number(at)];
      const key = `${weekday}|${hour}`;
      const c = cells.get(key) ?? { weekday, hour, count: 0, sum: 0 };
      c.count += cell.n;
      c.sum += cell.s ?? 0;
      cells.set(key, c);
    }
  }
  const series: TSeriesPoint[] = [...buckets.entries()].map(([bucket, a]) => ({
    bucket,
    count: a.count,
    average: average(a),
    distribution: [...a.d],
  }));
  const kindRows = (kind: 'staff' | 'experience') =>
    scope.staff
      ? rows.filter((r) => r.metric === 'staff' && r.staff === String(scope.staff) && kind === 'staff')
      : rows.filter((r) => r.staff === null && r.metric === kind);
  const summary = (kind: 'staff' | 'experience') => {
    const a = sumRows(kindRows(kind)).current;
    return { count: a.count, average: average(a) };
  };
  return {
    period: scope.label,
    granularity: g,
    series,
    heatmap: [...cells.values()]
      .filter((c) => c.count > 0)
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
      .map((c) => ({ weekday: c.weekday, hour: c.hour, count: c.count, average: c.sum / c.count })),
    split: { staff: summary('staff'), experience: summary('experience') },
  };
}
