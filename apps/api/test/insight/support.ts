// Helpers for the insight data-path tests: comments analysed as the reaction does, theme rollups summed, a recount.
import type { Types } from 'mongoose';
import { ThemeRollupModel } from '../../src/modules/analytics/theme-rollup.model';
import { analyseRating } from '../../src/modules/insight/insight.reaction';
import { VocabularyModel } from '../../src/modules/insight/vocabulary.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { makeRating } from '../factories';

type StoreLike = { _id: Types.ObjectId; business: Types.ObjectId; timeZone?: string };

/** A stored rating with a comment, analysed by the reaction's own code (as after a submit). */
export async function commented(store: StoreLike, comment: string, overrides: Record<string, unknown> = {}) {
  const rating = await makeRating(store, { comment, ...overrides });
  await analyseRating(rating._id);
  return (await RatingModel.findById(rating._id).lean())!;
}

/** Theme key → comments counted in the theme rollups (rows summed; zero totals left out). */
export async function rollupTotals(business: Types.ObjectId | string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const row of await ThemeRollupModel.find({ business }).lean()) {
    out[row.theme] = (out[row.theme] ?? 0) + (row.count ?? 0);
    if (!out[row.theme]) delete out[row.theme];
  }
  return out;
}

/** Rows without markers, comparable between a live run and a rebuild. */
export async function rollupRows(business: Types.ObjectId | string) {
  const rows = await ThemeRollupModel.find({ business }).lean();
  return rows
    .filter((r) => r.count !== 0)
    .map((r) => ({
      store: String(r.store),
      staff: r.staff ? String(r.staff) : null,
      kind: r.kind,
      day: r.day,
      theme: r.theme,
      count: r.count,
      positive: r.positive ?? 0,
      neutral: r.neutral ?? 0,
      negative: r.negative ?? 0,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The business's vocabulary with these phrases as discovered (as the discovery job would store them). */
export async function discovered(business: Types.ObjectId | string, phrases: string[]) {
  const at = new Date();
  await VocabularyModel.create({
    business,
    discovered: phrases.map((phrase) => ({ phrase, kind: 'topic', count: 3, at })),
  });
}
