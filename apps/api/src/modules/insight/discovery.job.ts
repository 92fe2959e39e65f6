// Discovery of recurring phrases within a minute of new comments: each business's recent comments give its vocabulary
// new themes, and its comments are re-themed when that vocabulary changed.
import type { Types } from 'mongoose';
import { DEFAULT_CHIPS, REALTIME_EVENTS, type TChipListsInput } from '@cx/contracts';
import { logger } from '../../lib/logger';
import { publishToUser } from '../../lib/realtime';
import { MembershipModel } from '../../tenancy/membership.model';
import type { ScheduledJob } from '../../lib/scheduler';
import { BusinessModel } from '../../tenancy/business.model';
import { RatingModel } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { customChipsOf } from '../feedback/feedback-chips.service';
import { discoverThemes, nearDuplicates } from './discover';
import { firstNameOf } from './shout-outs';
import { foldAccents } from './text';
import { VocabularyModel, type VocabularyDoc } from './vocabulary.model';
import { rethemeBusiness } from './retheme';
import { forgetVocabulary, matcherOf, MATCHER_TTL_MS } from './vocabulary.service';

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

/** Every label of a business's chip lists (both forms, both score bands). */
const chipLabels = (lists: TChipListsInput): string[] =>
  [lists.staff, lists.experience].flatMap((l) => [...l.good, ...l.bad]);

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
  // The chips customers tap already name their topics: a phrase a person would take for one ("order" beside "Order
  // wrong") would list the topic twice.
  const chips = chipLabels((await customChipsOf(business)) ?? DEFAULT_CHIPS);
  const likeAChip = (phrase: string) => chips.some((chip) => nearDuplicates([phrase, chip]).length > 0);
  const aboutThings = found.filter(
    (t) =>
      !t.phrase.split(/\s+/u).some((word) => people.has(foldAccents(word.toLowerCase()))) &&
      !likeAChip(t.phrase),
  );
  if (aboutThings.length === 0) {
    await VocabularyModel.updateOne(
      { business },
      { $set: { discoveredAt: now }, $setOnInsert: { business } },
      { upsert: true },
    );
    return 0;
  }
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
    .filter((d) => !likeAChip(d.phrase))
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

/** How long a process leaves a business marked as owing discovery before it marks it again (one write per window). */
export const OWED_MEMO_MS = 30_000;
/** Margin for clock differences between instances. */
const SKEW_MS = 10_000;
/** A business marked owing longer ago than this is left to the next comment (a job down for a day, say). */
const OWED_WINDOW_MS = 24 * 3600_000;
const marked = new Map<string, number>();

/**
 * A new comment of this business waits for discovery. A process writes the mark at most once per OWED_MEMO_MS per
 * business (the submit path stays one write lighter for the rest), so a business stays due until a run that
 * started OWED_MEMO_MS after its latest mark (see `isDue`).
 */
export async function owesDiscovery(business: Types.ObjectId | string, now = Date.now()): Promise<void> {
  const key = String(business);
  if (now - (marked.get(key) ?? -Infinity) < OWED_MEMO_MS) return;
  marked.set(key, now);
  await VocabularyModel.updateOne(
    { business },
    { $max: { owedAt: new Date(now) }, $setOnInsert: { business } },
    { upsert: true },
  );
}

/** Due: marked after the last run began, or within a memo window before it (comments then may be unmarked). */
const isDue = (v: { owedAt?: Date | null; discoveredAt?: Date | null }) =>
  Boolean(v.owedAt) &&
  (!v.discoveredAt || v.owedAt!.getTime() > v.discoveredAt.getTime() - OWED_MEMO_MS - SKEW_MS);

/**
 * The job: every business with new comments since its last run gets discovery; when that adds themes its comments
 * are all re-themed, otherwise only the last few minutes' (a process may have analysed them with the vocabulary it
 * cached before the change, for up to MATCHER_TTL_MS).
 */
export async function discoverDue(now = new Date()): Promise<{ businesses: number; added: number }> {
  const due = await VocabularyModel.find(
    { owedAt: { $gte: new Date(now.getTime() - OWED_WINDOW_MS) } },
    { business: 1, owedAt: 1, discoveredAt: 1 },
  ).lean<VocabularyDoc[]>();
  let businesses = 0;
  let added = 0;
  for (const v of due.filter(isDue)) {
    businesses += 1;
    try {
      const found = await discoverForBusiness(v.business, now);
      added += found;
      const vocabulary = matcherOf(
        await VocabularyModel.findOne({ business: v.business }).lean<VocabularyDoc>(),
      );
      const recent = new Date(now.getTime() - MATCHER_TTL_MS - OWED_MEMO_MS - SKEW_MS * 2);
      const changed = await rethemeBusiness(v.business, vocabulary, found > 0 ? null : recent);
      if (found > 0 || changed > 0) await announceThemes(v.business);
    } catch (err) {
      logger.warn(
        { err: String(err), business: String(v.business) },
        'theme discovery failed for a business',
      );
    }
  }
  if (added) logger.info({ businesses, added }, 'new comment themes discovered');
  return { businesses, added };
}

/** Every member's open dashboard re-reads its themes now rather than at its next poll (themes are per business). */
async function announceThemes(business: Types.ObjectId | string): Promise<void> {
  const members = await MembershipModel.find({ business }, { user: 1 }).lean();
  const payload = { business: String(business) };
  for (const m of members) publishToUser(String(m.user), REALTIME_EVENTS.themes, payload);
}

export function insightJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  // Every 30 seconds, for the businesses with new comments only, and open dashboards told at once: a theme shows
  // within about half a minute of its third comment.
  return [
    { name: 'insight:discover', every: '30 seconds', run: async () => void (await discoverDue(now())) },
  ];
}
