// The `insight` reaction: a new rating's comment analysed once (language, sentiment, themes, shout-out), then counted.
import type { Types } from 'mongoose';
import {
  COUNTS_IN_FIGURES,
  settleThemeEntry,
  syncThemeCount,
  themeWork,
} from '../analytics/theme-rollup.service';
import { onRatingAccepted } from '../feedback/rating-accepted';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { analyseRatingText, hasInsight } from './insight.service';
import { peopleOf, shoutOutFor } from './shout-outs';
import type { ThemeVocabulary } from './themes';
import { vocabularyFor } from './vocabulary.service';
import { owesDiscovery } from './discovery.job';

type Analysable = Pick<RatingDoc, 'business' | 'store' | 'staff' | 'kind' | 'comment' | 'tags' | 'score'>;

/** What a rating's comment and tapped tags say, and whose shout-out it is (null when nobody's). */
export async function insightOf(rating: Analysable, vocabulary: ThemeVocabulary) {
  const comment = rating.comment ?? '';
  const found = analyseRatingText(rating, vocabulary);
  const rated = rating.kind === 'staff' ? (rating.staff ?? null) : null;
  const people =
    found.sentiment.label === 'positive' ? await peopleOf(rating.business, rating.store, rated) : [];
  return { insight: found, shoutOut: shoutOutFor(comment, found, people, rated) };
}

/**
 * Analyses a rating's comment and tapped tags once (a retry finds it done and keeps the first result), then brings its theme count
 * in line with its flag: idempotent per rating whatever the number of runs.
 */
export async function analyseRating(ratingId: Types.ObjectId): Promise<void> {
  const rating = await RatingModel.findById(ratingId, {
    business: 1,
    store: 1,
    staff: 1,
    kind: 1,
    comment: 1,
    tags: 1,
    score: 1,
    insight: 1,
  }).lean<RatingDoc>();
  if (!rating || !hasInsight(rating)) return;
  if (!rating.insight) {
    const { insight, shoutOut } = await insightOf(rating, await vocabularyFor(rating.business));
    await RatingModel.updateOne(
      { _id: ratingId, insight: { $exists: false } },
      {
        $set: {
          insight: { ...insight, counted: false },
          ...(shoutOut ? { shoutOut: { staff: shoutOut, hidden: false } } : {}),
        },
      },
    );
    await syncThemeCount(ratingId);
    // Discovery reads it within a minute: a third comment about a topic makes it a theme.
    if (rating.comment?.trim()) await owesDiscovery(rating.business);
    return;
  }
  await syncThemeCount(ratingId);
}

/**
 * A new rating's first analysis, from the rating as the submit stored it (its comment, tags and score are never
 * edited): when it counts in the figures (not flagged) the insight, its theme count and the owed `themes` entry are one
 * conditional update, and that entry is then applied and pulled. Analysed meanwhile or flagged since: the general path.
 */
async function analyseNew(rating: RatingDoc): Promise<void> {
  const { insight, shoutOut } = await insightOf(rating, await vocabularyFor(rating.business));
  const shout = shoutOut ? { shoutOut: { staff: shoutOut, hidden: false } } : {};
  const work = themeWork(1);
  const counted = await RatingModel.updateOne(
    { _id: rating._id, insight: { $exists: false }, ...COUNTS_IN_FIGURES },
    { $set: { insight: { ...insight, counted: true }, ...shout }, $push: { pending: work } },
  );
  if (counted.matchedCount === 1)
    await settleThemeEntry({ ...rating, insight: { ...insight, counted: true } }, work);
  else {
    await RatingModel.updateOne(
      { _id: rating._id, insight: { $exists: false } },
      { $set: { insight: { ...insight, counted: false }, ...shout } },
    );
    await syncThemeCount(rating._id);
  }
  if (rating.comment?.trim()) await owesDiscovery(rating.business);
}

/** The submit's own copy of the rating, whole enough to analyse without reading it back. */
const isFresh = (rating: RatingDoc) =>
  !rating.insight && typeof rating.comment === 'string' && Array.isArray(rating.tags) && Boolean(rating.day);

export function registerInsightReactions(): void {
  // A rating known to have no comment and no tag has nothing to analyse (neither is ever edited): no read at all.
  onRatingAccepted('insight', async ({ rating }) => {
    if (typeof rating.comment === 'string' && Array.isArray(rating.tags) && !hasInsight(rating)) return;
    if (isFresh(rating)) await analyseNew(rating);
    else await analyseRating(rating._id);
  });
}
