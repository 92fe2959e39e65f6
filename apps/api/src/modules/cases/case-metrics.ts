// The case numbers over a period (each store's own local days, as the dashboards resolve them): volumes, medians, % within SLA, recovery, root causes.
import {
  OPEN_CASE_STATUSES,
  type TAnalyticsFilter,
  type TCaseMetrics,
  type TCaseStatus,
  type TRootCause,
} from '@cx/contracts';
import type { z } from 'zod';
import type { ZCaseMetricsQuerySchema } from '@cx/contracts';
import { addDays, localDay, zonedToUtc } from '../../lib/time';
import type { Access } from '../../tenancy/access';
import { inRange } from '../analytics/period';
import { loadScope } from '../analytics/scope';
import { CaseModel } from './case.model';

type Query = z.infer<typeof ZCaseMetricsQuerySchema>;

interface Row {
  store: string;
  status: TCaseStatus;
  createdAt: Date;
  dueAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  withinSla: boolean | null;
  recovered: boolean | null;
  rootCause: TRootCause | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return round1(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2);
}

const pct = (part: number, whole: number) => (whole ? round1((part * 100) / whole) : null);

function rootCauses(rows: Row[]): Array<{ rootCause: TRootCause; count: number }> {
  const counts = new Map<TRootCause, number>();
  for (const r of rows) if (r.rootCause) counts.set(r.rootCause, (counts.get(r.rootCause) ?? 0) + 1);
  return [...counts.entries()]
    .map(([rootCause, count]) => ({ rootCause, count }))
    .sort((a, b) => b.count - a.count || a.rootCause.localeCompare(b.rootCause));
}

/** The figures of a set of cases (those opened in the period), "open" and "overdue" as they stand now. */
export function figuresOf(rows: Row[], now: Date) {
  const resolved = rows.filter((r) => r.resolvedAt);
  const answered = rows.filter((r) => r.recovered !== null);
  const open = rows.filter((r) => OPEN_CASE_STATUSES.includes(r.status));
  return {
    opened: rows.length,
    resolved: resolved.length,
    open: open.length,
    overdue: open.filter((r) => new Date(r.dueAt).getTime() < now.getTime()).length,
    medianFirstResponseMinutes: median(
      rows.filter((r) => r.firstResponseAt).map((r) => minutes(r.createdAt, r.firstResponseAt!)),
    ),
    medianResolutionMinutes: median(resolved.map((r) => minutes(r.createdAt, r.resolvedAt!))),
    withinSlaPct: pct(resolved.filter((r) => r.withinSla).length, resolved.length),
    recoveryRate: pct(answered.filter((r) => r.recovered).length, answered.length),
    topRootCauses: rootCauses(rows),
  };
}

export async function caseMetrics(access: Access, query: Query, now = new Date()): Promise<TCaseMetrics> {
  const scope = await loadScope(access, { ...query } as TAnalyticsFilter, now);
  if (scope.stores.length === 0) return { ...figuresOf([], now), perStore: [] };
  // the instants that hold every store's local days (one indexed query), then each case against its store's days
  const from = Math.min(
    ...scope.stores.map((s) => zonedToUtc(s.period.current.from, '00:00', s.timeZone).getTime()),
  );
  const to = Math.max(
    ...scope.stores.map((s) => zonedToUtc(addDays(s.period.current.to, 1), '00:00', s.timeZone).getTime()),
  );
  const docs = await CaseModel.find(
    {
      business: access.businessId,
      store: { $in: scope.stores.map((s) => s._id) },
      createdAt: { $gte: new Date(from), $lt: new Date(to) },
    },
    {
      store: 1,
      status: 1,
      createdAt: 1,
      dueAt: 1,
      firstResponseAt: 1,
      resolvedAt: 1,
      withinSla: 1,
      recovered: 1,
      rootCause: 1,
    },
  ).lean();
  const rows: Row[] = [];
  for (const d of docs) {
    const store = scope.byId.get(String(d.store));
    if (!store || !inRange(localDay(d.createdAt, store.timeZone), store.period.current)) continue;
    rows.push({
      store: store.id,
      status: d.status as TCaseStatus,
      createdAt: d.createdAt,
      dueAt: d.dueAt,
      firstResponseAt: d.firstResponseAt ?? null,
      resolvedAt: d.resolvedAt ?? null,
      withinSla: d.withinSla ?? null,
      recovered: d.recovered ?? null,
      rootCause: (d.rootCause as TRootCause | null) ?? null,
    });
  }
  const all = figuresOf(rows, now);
  const perStore = scope.stores
    .map((s) => ({ s, mine: rows.filter((r) => r.store === s.id) }))
    .filter(({ mine }) => mine.length > 0)
    .map(({ s, mine }) => {
      const f = figuresOf(mine, now);
      return {
        store: { _id: s.id, name: s.name },
        opened: f.opened,
        medianFirstResponseMinutes: f.medianFirstResponseMinutes,
        medianResolutionMinutes: f.medianResolutionMinutes,
        withinSlaPct: f.withinSlaPct,
        recoveryRate: f.recoveryRate,
        topRootCause: f.topRootCauses[0]?.rootCause ?? null,
      };
    });
  return { ...all, topRootCauses: all.topRootCauses.slice(0, 5), perStore };
}
