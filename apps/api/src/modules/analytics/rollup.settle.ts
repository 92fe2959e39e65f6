// Hourly repair of closed days: every store's closed local days since its "settled through" mark are recounted and fixed.
import type { AnyBulkWriteOperation } from 'mongoose';
import { logger } from '../../lib/logger';
import { addDays, localDay } from '../../lib/time';
import type { ScheduledJob } from '../../lib/scheduler';
import { StoreModel } from '../stores/store.model';
import { RollupSettleMarkModel } from './rollup.model';
import { rebuildRollups, type RebuildReport } from './rollup.rebuild';

/** How far back a store without a mark (new, or after an outage longer than this) is settled. */
export const SETTLE_LOOKBACK_DAYS = 7;

interface Plan {
  /** Closed day → the stores that settle it in this run, and the owners whose business rows close with it. */
  days: Map<string, { stores: Set<string>; businesses: Set<string> }>;
  marks: AnyBulkWriteOperation[];
  zones: Map<string, string>;
}

/**
 * Reads every store and mark once (two cursors, whatever the number of businesses) and works out which closed days
 * each store still owes. An owner's business rows of a day are recounted in the run where one of its stores settles
 * that day while every one of its stores has closed it.
 */
async function plan(now: Date): Promise<Plan> {
  const todayIn = new Map<string, string>();
  const today = (zone: string) => {
    let d = todayIn.get(zone);
    if (d === undefined) todayIn.set(zone, (d = localDay(now, zone)));
    return d;
  };
  const marks = new Map<string, string>();
  for await (const m of RollupSettleMarkModel.find({}).lean().cursor()) marks.set(String(m._id), m.through);
  const p: Plan = { days: new Map(), marks: [], zones: new Map() };
  const ownerOpenFrom = new Map<string, string>(); // the earliest "today" among an owner's stores
  const settling: Array<{ store: string; business: string; from: string; through: string }> = [];
  for await (const s of StoreModel.find({}, { timeZone: 1, business: 1 }).lean().cursor()) {
    const id = String(s._id);
    const business = String(s.business);
    const local = today(s.timeZone);
    p.zones.set(id, s.timeZone);
    const earliest = ownerOpenFrom.get(business);
    if (earliest === undefined || local < earliest) ownerOpenFrom.set(business, local);
    const through = addDays(local, -1);
    const floor = addDays(local, -SETTLE_LOOKBACK_DAYS);
    const mark = marks.get(id);
    const from = mark && addDays(mark, 1) > floor ? addDays(mark, 1) : floor;
    if (from <= through) settling.push({ store: id, business, from, through });
  }
  for (const s of settling) {
    for (let day = s.from; day <= s.through; day = addDays(day, 1)) {
      let entry = p.days.get(day);
      if (!entry) p.days.set(day, (entry = { stores: new Set(), businesses: new Set() }));
      entry.stores.add(s.store);
      if (ownerOpenFrom.get(s.business)! > day) entry.businesses.add(s.business);
    }
    p.marks.push({
      updateOne: { filter: { _id: s.store }, update: { $set: { through: s.through } }, upsert: true },
    });
  }
  return p;
}

/**
 * A rating or event whose rollups never landed is repaired by the drainer within a minute; this is the second line:
 * each closed day is recounted once from its raw documents (one indexed read per day for all stores) and any
 * difference fixed, then the marks move forward. Queries per run: the two reads above, a handful per closed day
 * (at most SETTLE_LOOKBACK_DAYS + 1 days), and one write of the marks.
 */
export async function settleClosedDays(now: Date): Promise<RebuildReport & { stores: number; days: number }> {
  const p = await plan(now);
  const total = { rows: 0, differences: 0, fixed: 0, examples: [] as string[], stores: 0, days: 0 };
  let changedMeanwhile = 0;
  for (const [day, only] of [...p.days].sort(([a], [b]) => a.localeCompare(b))) {
    const report = await rebuildRollups({ check: false, day, only, zones: p.zones, now });
    total.rows += report.rows;
    total.differences += report.differences;
    total.fixed += report.fixed;
    total.examples.push(...report.examples.slice(0, 10 - total.examples.length));
    changedMeanwhile += report.changedMeanwhile ?? 0;
    total.days += 1;
  }
  total.stores = p.marks.length;
  // A day with rows changed under the recount (a restore landing meanwhile) is settled again next run.
  if (p.marks.length && changedMeanwhile === 0)
    await RollupSettleMarkModel.bulkWrite(p.marks, { ordered: false });
  if (total.differences > 0)
    logger.warn({ differences: total.differences, examples: total.examples }, 'rollups repaired');
  return total;
}

export function analyticsJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  return [
    {
      name: 'analytics:settle-closed-days',
      every: '15 * * * *',
      run: async () => void (await settleClosedDays(now())),
    },
  ];
}
