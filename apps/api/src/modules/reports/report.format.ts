// How a report writes its numbers and headings, shared by the mail and the PDF so both say the same thing.
import {
  ROOT_CAUSE_LABELS,
  type TCaseMetrics,
  type TCompared,
  type TReportPeriod,
  type TRootCause,
  type TStoreLeagueRow,
} from '@cx/contracts';
import type { ReportDays } from './report.period';

export const PERIOD_NAMES: Record<TReportPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export const count = (n: number | null) => (n === null ? '–' : String(Math.round(n)));
export const score = (n: number | null) => (n === null ? '–' : n.toFixed(2));
export const percent = (n: number | null) => (n === null ? '–' : `${n.toFixed(1)}%`);
const signed = (n: number, text: string) => (n > 0 ? `+${text}` : text);

export function daysLabel(days: ReportDays): string {
  return days.from === days.to ? days.from : `${days.from} to ${days.to}`;
}

type Format = (n: number | null) => string;

/** "7 (previous 3, +4)": a Snapshot figure against its previous period. */
export function compared(c: TCompared, format: Format): string {
  const change = c.change === null ? '' : `, ${signed(c.change, format(c.change))}`;
  return `${format(c.value)} (previous ${format(c.previous)}${change})`;
}

/** The Snapshot's headline figures in the order both the mail and the PDF list them. */
export const HEADLINE_FIGURES = [
  { label: 'Ratings', key: 'ratings', format: count },
  { label: 'Average score', key: 'average', format: score },
  { label: 'CSAT (4-5 stars)', key: 'csat', format: percent },
  { label: 'Visits', key: 'visits', format: count },
  { label: 'Rating rate', key: 'ratingRate', format: percent },
  { label: 'Social clicks', key: 'socialClicks', format: count },
] as const;

const RAG_WORDS = { green: 'Green', amber: 'Amber', red: 'Red' } as const;

/** A store's average-score target and its red/amber/green state ('–' without a target). */
export function averageTarget(row: Pick<TStoreLeagueRow, 'targets'>): { target: string; state: string } {
  const avg = row.targets?.find((t) => t.metric === 'average');
  if (!avg || avg.target === null) return { target: '–', state: '–' };
  return { target: score(avg.target), state: avg.state ? RAG_WORDS[avg.state] : 'No ratings' };
}

/** "North Street: average 4.25, target 4.30 (Amber)" for each store with an average-score target. */
export function targetLines(rows: Array<Pick<TStoreLeagueRow, 'targets' | 'store' | 'average'>>): string[] {
  return rows.flatMap((r) => {
    const t = averageTarget(r);
    return t.target === '–'
      ? []
      : [`${r.store.name}: average ${score(r.average)}, target ${t.target} (${t.state})`];
  });
}

/** "45 min", "3 h 05 min", "2 d 4 h": a median handling time. */
export function duration(minutes: number | null): string {
  if (minutes === null) return '–';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(m / 1440)} d ${Math.floor((m % 1440) / 60)} h`;
}

export const rootCause = (c: TRootCause | null) => (c ? ROOT_CAUSE_LABELS[c] : '–');

/** Complaint handling's headline lines, in the order both the mail and the PDF list them. */
export function caseLines(c: TCaseMetrics): string[] {
  const top = c.topRootCauses[0];
  return [
    `Cases opened: ${c.opened} (resolved ${c.resolved}, still open ${c.open}, overdue ${c.overdue})`,
    `Median first response: ${duration(c.medianFirstResponseMinutes)}`,
    `Median resolution: ${duration(c.medianResolutionMinutes)}`,
    `Resolved within SLA: ${percent(c.withinSlaPct)}`,
    `Recovery rate: ${percent(c.recoveryRate)}`,
    `Top root cause: ${top ? `${rootCause(top.rootCause)} (${top.count})` : '–'}`,
  ];
}
