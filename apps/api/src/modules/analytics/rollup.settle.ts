// Nightly repair of each store's closed day: its rollups are recounted from that day's raw ratings and fixed if they differ.
import { logger } from '../../lib/logger';
import { localDay, localHour } from '../../lib/time';
import type { ScheduledJob } from '../../lib/scheduler';
import { StoreModel } from '../stores/store.model';
import { rebuildRollups, type RebuildReport } from './rollup.rebuild';

/**
 * A rating stored while MongoDB went away before its rollup was written is kept (the record of truth) but missing
 * from the figures; a retry of the same submit answers from the stored rating. Once a store's local day has closed
 * nothing more can be added to it, so in the store's first local hour its previous day is recounted (an indexed
 * read by store and day) and any difference fixed: race-free, because no submit can still be adding to that day.
 */
export async function settleClosedDays(now: Date): Promise<RebuildReport & { stores: number }> {
  const stores = await StoreModel.find({}, { timeZone: 1, owner: 1 }).lean();
  const zonesOf = new Map<string, string[]>();
  for (const s of stores) zonesOf.set(String(s.owner), [...(zonesOf.get(String(s.owner)) ?? []), s.timeZone]);
  const byDay = new Map<string, unknown[]>();
  const closing = new Map<string, Set<string>>();
  for (const store of stores) {
    if (localHour(now, store.timeZone) !== 0) continue;
    const yesterday = localDay(new Date(now.getTime() - 3_600_000), store.timeZone);
    if (yesterday === localDay(now, store.timeZone)) continue;
    byDay.set(yesterday, [...(byDay.get(yesterday) ?? []), store._id]);
    closing.set(yesterday, (closing.get(yesterday) ?? new Set()).add(String(store.owner)));
  }
  const total = { rows: 0, differences: 0, fixed: 0, examples: [] as string[], stores: 0 };
  const add = (report: RebuildReport) => {
    total.rows += report.rows;
    total.differences += report.differences;
    total.fixed += report.fixed;
    total.examples.push(...report.examples);
  };
  for (const [day, ids] of byDay) {
    add(await rebuildRollups({ check: false, stores: ids, day, now }));
    total.stores += ids.length;
    // The business rows of a day (and of its week, on a Sunday) are recounted once the owner's last store closes it.
    for (const owner of closing.get(day) ?? []) {
      const open = zonesOf.get(owner)!.some((zone) => localDay(now, zone) <= day);
      if (!open) add(await rebuildRollups({ check: false, owner, day, now, businessOnly: true }));
    }
  }
  if (total.differences > 0)
    logger.warn(
      { differences: total.differences, examples: total.examples.slice(0, 10) },
      'rollups repaired',
    );
  return total;
}

export function analyticsJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  // Minute 15 of every hour: each store's first local hour (whole- or half-hour zone) is met exactly once a day.
  return [
    {
      name: 'analytics:settle-closed-days',
      every: '15 * * * *',
      run: async () => void (await settleClosedDays(now())),
    },
  ];
}
