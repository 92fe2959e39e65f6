// Theme rollups on the durable path: a rating's themes are counted in or out through owed `themes` pending entries.
import { Types, type AnyBulkWriteOperation } from 'mongoose';
import type { PendingWork } from '../ratings/pending-work';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { coalescedBulkWrite } from '../../lib/coalesce';
import { onlyDuplicates } from './rollup.service';
import { ThemeRollupModel } from './theme-rollup.model';

/** The pending-entry name of a theme-rollup change (kind 'rollup', so reactions wait for it like for the others). */
export const THEMES_WORK = 'themes';

export const themeWork = (sign: 1 | -1, at = new Date(), themes?: string[]): PendingWork => ({
  id: new Types.ObjectId(),
  kind: 'rollup',
  sign,
  name: THEMES_WORK,
  at,
  ...(themes ? { themes } : {}),
});

export const isThemeWork = (w: PendingWork) => w.kind === 'rollup' && w.name === THEMES_WORK;

type ThemeFacts = Pick<RatingDoc, '_id' | 'business' | 'store' | 'staff' | 'kind' | 'day' | 'insight'>;

export interface ThemeRowChange {
  filter: { store: unknown; day: string; theme: string; kind: string; staff: unknown };
  business: unknown;
  inc: Record<string, number>;
}

/**
 * The rows a rating's themes add to (sign 1) or take from (sign -1): one per theme. `themes` (a re-theme's entry)
 * replaces the rating's current ones: taking out the old themes after the rating already holds the new ones.
 */
export function themeChanges(rating: ThemeFacts, sign: 1 | -1, themes?: string[] | null): ThemeRowChange[] {
  const insight = rating.insight;
  if (!insight) return [];
  const label = insight.sentiment?.label ?? 'neutral';
  return [...new Set(themes ?? insight.themes ?? [])].map((theme) => ({
    filter: {
      store: rating.store,
      day: rating.day,
      theme,
      kind: rating.kind,
      staff: rating.kind === 'staff' ? (rating.staff ?? null) : null,
    },
    business: rating.business,
    inc: { count: sign, [label]: sign },
  }));
}

/** Applies one entry's changes so that applying them again changes nothing (the row carries the entry's id). */
export async function applyThemeEvent(event: Types.ObjectId, changes: ThemeRowChange[]): Promise<void> {
  if (changes.length === 0) return;
  const ops: AnyBulkWriteOperation[] = changes.map((c) => ({
    updateOne: {
      filter: { ...c.filter, applied: { $ne: event } },
      update: { $inc: c.inc, $push: { applied: event }, $setOnInsert: { business: c.business } },
      upsert: true,
    },
  }));
  // with the other ratings' changes waiting for the collection: one unordered bulk write (each op stands alone)
  try {
    await coalescedBulkWrite(ThemeRollupModel, ops);
  } catch (err) {
    // a duplicate key: the row exists (already marked, or inserted meanwhile); once more, every row exists
    onlyDuplicates(err);
    await coalescedBulkWrite(ThemeRollupModel, ops).catch(onlyDuplicates);
  }
}

/** Counts in the figures: not flagged, or restored by a reviewer (the same rule as the score rollups). */
export const COUNTS_IN_FIGURES = { $or: [{ 'flag.suspicious': false }, { 'flag.restored': true }] };
const COUNTS = COUNTS_IN_FIGURES;
const OUT = { 'flag.suspicious': true, 'flag.restored': false };

/**
 * Brings the theme rollups in line with the rating's state: counted when it has insight and counts in the figures,
 * not counted otherwise. Each flip is one conditional update that also records the owed entry, so concurrent callers
 * (the insight reaction, a flag, a restore, the drainer) flip it once; the owed entries are then applied and pulled
 * (a failure leaves them to the drainer, applied through the same marker).
 */
export async function syncThemeCount(ratingId: Types.ObjectId): Promise<void> {
  const now = new Date();
  await RatingModel.updateOne(
    { _id: ratingId, 'insight.counted': false, ...COUNTS },
    { $set: { 'insight.counted': true }, $push: { pending: themeWork(1, now) } },
  );
  await RatingModel.updateOne(
    { _id: ratingId, 'insight.counted': true, ...OUT },
    { $set: { 'insight.counted': false }, $push: { pending: themeWork(-1, now) } },
  );
  await settleThemeWork(ratingId);
}

/**
 * Applies one owed theme entry the caller has just written (with the rating's themes in hand) and pulls it, the pull
 * shared with the other ratings' waiting for the collection; a failure leaves it to the drainer.
 */
export async function settleThemeEntry(rating: ThemeFacts, work: PendingWork): Promise<void> {
  await applyThemeEvent(work.id, themeChanges(rating, work.sign === -1 ? -1 : 1, work.themes));
  await coalescedBulkWrite(RatingModel, [
    { updateOne: { filter: { _id: rating._id }, update: { $pull: { pending: { id: work.id } } } } },
  ]);
}

/** Applies and pulls a rating's owed theme entries. */
export async function settleThemeWork(ratingId: Types.ObjectId): Promise<void> {
  const rating = await RatingModel.findById(ratingId, {
    business: 1,
    store: 1,
    staff: 1,
    kind: 1,
    day: 1,
    insight: 1,
    pending: 1,
  }).lean<RatingDoc>();
  const owed = (rating?.pending ?? []).filter(isThemeWork);
  if (!rating || owed.length === 0) return;
  for (const work of owed)
    await applyThemeEvent(work.id, themeChanges(rating, work.sign === -1 ? -1 : 1, work.themes));
  await RatingModel.updateOne(
    { _id: ratingId },
    { $pull: { pending: { id: { $in: owed.map((w) => w.id) } } } },
  );
}
