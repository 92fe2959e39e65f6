// The scheduled discovery of recurring phrases: each business's recent comments give its vocabulary new themes.
import type { Types } from 'mongoose';
import { logger } from '../../lib/logger';
import type { ScheduledJob } from '../../lib/scheduler';
import { BusinessModel } from '../../tenancy/business.model';
import { RatingModel } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { discoverThemes } from './discover';
import { firstNameOf } from './shout-outs';
import { foldAccents } from './text';
import { VocabularyModel, type VocabularyDoc } from './vocabulary.model';
import { forgetVocabulary } from './vocabulary.service';

/** Comments of this many recent days are read, at most MAX_COMMENTS of them (newest first). */
export const DISCOVERY_WINDOW_DAYS = 30;
const MAX_COMMENTS = 2000;
/** A phrase must recur in this many comments of the window to become a theme. */
export const DISCOVERY_MIN_COMMENTS = 3;
/** A vocabulary keeps at most this many discovered phrases (the most recently seen, then the most frequent). */
const MAX_DISCOVERED = 200;

interface Discovered {
  phrase: string;
  kind: 'topic' | 'phrase';
  count: number;
  at: Date;
}

/** Runs discovery over one business's recent counted comments; returns how many phrases are new. */
export async function discoverForBusiness(
  business: Types.ObjectId | string,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - DISCOVERY_WINDOW_DAYS * 86_400_000);
  const docs = await RatingModel.find(
    {
      business,
      createdAt: { $gte: since, $lte: now },
      comment: { $gt: '' },
      $or: [{ 'flag.suspicious': false }, { 'flag.restored': true }],
    },
    { comment: 1 },
  )
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_COMMENTS)
    .lean();
  const found = discoverThemes(
    docs.map((d) => d.comment ?? ''),
    { minComments: DISCOVERY_MIN_COMMENTS, limit: 30 },
  ).filter((t): t is typeof t & { kind: 'topic' | 'phrase' } => t.kind !== 'tag');
  // People are not themes: praise that names "Harry" at the start of a sentence would otherwise recur as a phrase.
  const people = new Set(
    (await StaffModel.find({ business }, { name: 1 }).lean()).map((s) => firstNameOf(s.name)).filter(Boolean),
  );
  const aboutThings = found.filter(
    (t) => !t.phrase.split(/\s+/u).some((word) => people.has(foldAccents(word.toLowerCase()))),
  );
  if (aboutThings.length === 0) return 0;
  const existing = await VocabularyModel.findOne({ business }, { discovered: 1 }).lean<VocabularyDoc>();
  const known = new Map<string, Discovered>(
    (existing?.discovered ?? []).map((d) => [
      d.phrase,
      { phrase: d.phrase, kind: d.kind, count: d.count, at: d.at },
    ]),
  );
  let added = 0;
  for (const t of aboutThings) {
    if (!known.has(t.phrase)) added += 1;
    known.set(t.phrase, { phrase: t.phrase, kind: t.kind, count: t.count, at: now });
  }
  const discovered = [...known.values()]
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.count - a.count)
    .slice(0, MAX_DISCOVERED);
  // only `discovered` is written: the owner's names, merges and hides are never touched by discovery
  await VocabularyModel.updateOne(
    { business },
    { $set: { discovered, discoveredAt: now }, $setOnInsert: { business } },
    { upsert: true },
  );
  forgetVocabulary(business);
  return added;
}

/** Every business in turn (one cursor); a failing business is logged and the run goes on. */
export async function discoverAll(now = new Date()): Promise<{ businesses: number; added: number }> {
  let businesses = 0;
  let added = 0;
  for await (const b of BusinessModel.find({}, { _id: 1 }).lean().cursor()) {
    businesses += 1;
    added += await discoverForBusiness(b._id, now).catch((err: unknown) => {
      logger.warn({ err: String(err), business: String(b._id) }, 'theme discovery failed for a business');
      return 0;
    });
  }
  if (added) logger.info({ businesses, added }, 'new comment themes discovered');
  return { businesses, added };
}

export function insightJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  // New phrases apply to comments analysed from then on; `pnpm insight:rebuild` re-reads older ones.
  return [{ name: 'insight:discover', every: '6 hours', run: async () => void (await discoverAll(now())) }];
}
