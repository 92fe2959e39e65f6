// CSV exports of the timeline and the league tables with the current filters (formula-safe cells, zone in the name).
import { Readable } from 'node:stream';
import type { TLeagueQuery, TStaffLeagueRow, TStoreLeagueRow } from '@cx/contracts';
import {
  loadRows,
  LEAGUE_METRICS,
  sortLeague,
  staffLeagueFrom,
  staffLeagueRows,
  storeLeagueFrom,
} from './league.service';
import type { Scope } from './scope';
import { timelineBatches, type TimelineFilter } from './timeline.service';

/** An export holds at most this many timeline rows (a year of a busy business); the file says when it was cut. */
export const MAX_EXPORT_ROWS = 100_000;

/** Quotes a cell, and defuses spreadsheet formulas (=, +, -, @, tab, CR) in customer text. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function exportFileName(scope: Scope, table: string): string {
  const zone = scope.label.timeZone.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `cx-${table}-${scope.label.from}_${scope.label.to}-${zone}.csv`;
}

const rankOrNot = (r: { rank: number | null; ratings: number }, min: number) =>
  r.rank ?? `Not enough ratings yet (${r.ratings} of ${min})`;

function staffCsv(scope: Scope, rows: TStaffLeagueRow[]): string {
  const head = ['Rank', 'Staff', 'Active', 'Stores', 'Ratings', 'Average', 'Adjusted average', 'CSAT %'];
  return [
    line([...head, 'Previous average', 'Change', 'Shift experience ratings', 'Shift experience average']),
    ...rows.map((r) =>
      line([
        rankOrNot(r, scope.minSample),
        r.staff.name,
        r.staff.active ? 'yes' : 'no',
        r.stores.map((s) => s.name).join('; '),
        r.ratings,
        r.average,
        r.adjustedAverage,
        r.csat,
        r.trend.previousAverage,
        r.trend.change,
        r.shiftExperience.ratings,
        r.shiftExperience.average,
      ]),
    ),
  ].join('');
}

function storesCsv(scope: Scope, rows: TStoreLeagueRow[]): string {
  const head = [
    'Rank',
    'Store',
    'Ratings',
    'Average',
    'Adjusted average',
    'CSAT %',
    'Previous average',
    'Change',
  ];
  return [
    line([...head, 'Visits', 'Rating rate %', 'Social clicks']),
    ...rows.map((r) =>
      line([
        rankOrNot(r, scope.minSample),
        r.store.name,
        r.ratings,
        r.average,
        r.adjustedAverage,
        r.csat,
        r.trend.previousAverage,
        r.trend.change,
        r.visits,
        r.ratingRate,
        r.socialClicks.total,
      ]),
    ),
  ].join('');
}

async function* timelineCsv(scope: Scope, q: TimelineFilter): AsyncGenerator<string> {
  yield line([
    'Local time',
    'Time zone',
    'Store',
    'Kind',
    'Staff',
    'Score',
    'Comment',
    'Tags',
    'Outside shift',
    'Flagged',
  ]);
  let rows = 0;
  for await (const items of timelineBatches(scope, q, MAX_EXPORT_ROWS)) {
    rows += items.length;
    yield items
      .map((i) =>
        line([
          i.localTime,
          i.store.timeZone,
          i.store.name,
          i.kind,
          i.staff?.name ?? '',
          i.score,
          i.comment,
          i.tags.join('; '),
          i.outsideShift ? 'yes' : 'no',
          i.flagged ? 'yes' : 'no',
        ]),
      )
      .join('');
  }
  if (rows >= MAX_EXPORT_ROWS) yield line([`Cut at ${MAX_EXPORT_ROWS} rows: choose a shorter period`]);
}

/** The file as a stream: league tables are small and built at once; the timeline is paged from the database. */
export async function exportCsv(
  scope: Scope,
  table: 'timeline' | 'staff' | 'stores',
  q: TimelineFilter & Pick<TLeagueQuery, 'sort' | 'order'>,
): Promise<Readable> {
  if (table === 'timeline') return Readable.from(timelineCsv(scope, q));
  if (table === 'staff') {
    const league = await staffLeagueFrom(scope, staffLeagueRows(scope));
    const all = sortLeague([...league.ranked, ...league.notRanked], q.sort, q.order, (r) => r.staff.name);
    return Readable.from([staffCsv(scope, all)]);
  }
  const league = storeLeagueFrom(scope, await loadRows(scope, [...LEAGUE_METRICS], { people: 'store' }));
  const all = sortLeague([...league.ranked, ...league.notRanked], q.sort, q.order, (r) => r.store.name);
  return Readable.from([storesCsv(scope, all)]);
}
