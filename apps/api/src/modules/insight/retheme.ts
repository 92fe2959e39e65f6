// Re-theming comments after a business's vocabulary changed: each comment whose themes differ gets the new ones, and
// its theme count moves with it through owed entries that carry the old and the new themes (applied exactly once).
import type { Types } from 'mongoose';
import { settleThemeWork, THEMES_WORK, themeWork } from '../analytics/theme-rollup.service';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { ratingThemes } from './insight.service';
import type { ThemeVocabulary } from './themes';

const BATCH = 500;

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * One rating from `old` to `next` themes. The filter holds the themes read and no owed `themes` entry, so a flag,
 * a restore or another re-theme racing it leaves this one a no-op; a counted comment takes its old themes out and
 * puts the new ones in (two entries, each marked on the rows it touches), an uncounted one just changes.
 */
async function rethemeRating(id: Types.ObjectId, old: string[], next: string[]): Promise<boolean> {
  const unchanged = { _id: id, 'insight.themes': old, 'pending.name': { $ne: THEMES_WORK } };
  const now = new Date();
  const counted = await RatingModel.updateOne(
    { ...unchanged, 'insight.counted': true },
    {
      $set: { 'insight.themes': next },
      $push: { pending: { $each: [themeWork(-1, now, old), themeWork(1, now, next)] } },
    },
  );
  if (counted.modifiedCount === 1) {
    await settleThemeWork(id);
    return true;
  }
  const uncounted = await RatingModel.updateOne(
    { ...unchanged, 'insight.counted': false },
    { $set: { 'insight.themes': next } },
  );
  return uncounted.modifiedCount === 1;
}

/** Re-themes a business's analysed ratings (comments and tapped tags) (those created since `since`, or all); returns how many changed. */
export async function rethemeBusiness(
  business: Types.ObjectId | string,
  vocabulary: ThemeVocabulary,
  since: Date | null = null,
): Promise<number> {
  const cursor = RatingModel.find(
    { business, 'insight.themes': { $exists: true }, ...(since ? { createdAt: { $gte: since } } : {}) },
    { comment: 1, tags: 1, insight: 1 },
  )
    .sort({ _id: 1 })
    .lean<RatingDoc[]>()
    .cursor({ batchSize: BATCH });
  let changed = 0;
  for await (const rating of cursor as AsyncIterable<RatingDoc>) {
    const old = rating.insight?.themes ?? [];
    const next = ratingThemes(rating, vocabulary);
    if (!same(old, next) && (await rethemeRating(rating._id, old, next))) changed += 1;
  }
  return changed;
}
