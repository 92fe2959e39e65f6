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
  const byDay = new Map<string, unknown[]>();
  for (const store of await StoreModel.find({}, { timeZone: 1 }).lean()) {
    if (localHour(now, store.timeZone) !== 0) continue;
    const yesterday = localDay(new Date(now.getTime() - 3_600_000), store.timeZone);
    if (yesterday === localDay(now, store.timeZone)) continue;
    byDay.set(yesterday, [...(byDay.get(yesterday) ?? []), store._id]);
  }
  const total = { rows: 0, differences: 0, fixed: 0, examples: [] as string[], stores: 0 };
  for (const [day, stores] of byDay) {
    const report = await rebuildRollups({ check: false, stores, day, now });
    total.rows += report.rows;
    total.differences += report.differences;
    total.fixed += report.fixed;
    total.examples.push(...report.examples);
    total.stores += stores.length;
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
