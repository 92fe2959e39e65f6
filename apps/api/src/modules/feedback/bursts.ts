// Burst detection: many ratings of one subject from one device or network within minutes, any score, counted atomically.
import type { Types } from 'mongoose';
import { batchedRead } from '../../lib/coalesce';
import type { RatingKind } from '../ratings/rating.model';
import { BurstCounterModel, type BurstCounterDoc, type BurstMember } from './burst-counter.model';
import type { Fingerprint } from './fingerprint';

const MINUTE = 60_000;
export type BurstScope = 'device' | 'network';

export interface BurstRule {
  scope: BurstScope;
  windowMs: number;
  /** Ratings of the one subject within the window, this one included. */
  min: number;
  /** Share of all of the scope's ratings at the store in the window that the subject must hold (0: any share). */
  share: number;
}

/**
 * The rules (reasons in docs/decisions.md). A device here is a kiosk (phones are held to one rating per subject per
 * hour before this): six of one person within two minutes is faster than customers can queue at one tablet. A network
 * is a shop's Wi-Fi as often as an attacker: honest customers spread over the staff and the experience, so only a
 * subject taking most of the network's ratings is a burst.
 */
export const BURST_RULES: readonly BurstRule[] = [
  { scope: 'device', windowMs: 2 * MINUTE, min: 6, share: 0 },
  { scope: 'device', windowMs: 10 * MINUTE, min: 12, share: 0.8 },
  { scope: 'network', windowMs: 10 * MINUTE, min: 8, share: 0.8 },
];

const LONGEST_MS = Math.max(...BURST_RULES.map((r) => r.windowMs));
/**
 * Buckets twice the longest window long on two grids offset by that window: any window ending now lies wholly inside
 * one of the two buckets holding now, so every rule is judged over exactly its sliding window.
 */
const BUCKET_MS = 2 * LONGEST_MS;
/** Far above any threshold; bounds a bucket under a flood (the earliest members were flagged when the burst began). */
const MAX_MEMBERS = 500;
/** Kept a day past its end: never read after its end, so this only leaves room for clock skew. */
const KEEP_MS = 24 * 60 * MINUTE;

export interface BurstSubject {
  store: Types.ObjectId;
  /** null for experience ratings. */
  staff: Types.ObjectId | null;
  kind: RatingKind;
}

/** One rating being counted: whose, from where, when; `device` is false for phones (the interval guard holds them). */
export interface BurstCount {
  subject: BurstSubject;
  fp: Pick<Fingerprint, 'deviceHash' | 'networkHash' | 'previous'>;
  now: Date;
  device: boolean;
}

export interface BurstVerdict {
  reasons: string[];
  /** Earlier ratings that form the burst with this one: flagged too. */
  earlier: Types.ObjectId[];
}

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;
const subjectKey = (s: BurstSubject) => (s.staff ? String(s.staff) : 'experience');

function buckets(
  c: BurstCount,
  fp: { deviceHash: string; networkHash: string } = c.fp,
): Array<{ scope: BurstScope; id: string; end: Date }> {
  const scopes: Array<[BurstScope, string]> = [['network', fp.networkHash]];
  if (c.device) scopes.push(['device', fp.deviceHash]);
  const t = c.now.getTime();
  return scopes.flatMap(([scope, hash]) =>
    [0, 1].map((grid) => {
      const bucket = Math.floor((t + grid * LONGEST_MS) / BUCKET_MS);
      const end = new Date((bucket + 1) * BUCKET_MS - grid * LONGEST_MS);
      return { scope, id: `${scope}|${hash}|${String(c.subject.store)}|${grid}|${bucket}`, end };
    }),
  );
}

/** Bucket documents by id, read together with the other submits' buckets (read-only). */
const counterById = (id: string) =>
  batchedRead<BurstCounterDoc>('burst-counters', id, async (ids) => {
    const docs = await BurstCounterModel.find({ _id: { $in: ids } }).lean<BurstCounterDoc[]>();
    return new Map(docs.map((d) => [d._id, d]));
  });

/**
 * In the first minutes of a day, the buckets the same device and network filled under yesterday's salt (read only:
 * the rating is counted under today's), so a burst across midnight is judged whole.
 */
async function previousDocs(
  c: BurstCount,
): Promise<Array<{ scope: BurstScope; doc: BurstCounterDoc | null }>> {
  if (!c.fp.previous) return [];
  const targets = buckets(c, c.fp.previous);
  const docs = await Promise.all(targets.map((b) => counterById(b.id)));
  return targets.map((b, i) => ({ scope: b.scope, doc: docs[i] ?? null }));
}

/**
 * One atomic upsert: the k-th of k parallel ratings gets back a list holding all k (returned by the write itself, so
 * counting costs the submit one round trip). A racing insert is retried once.
 */
async function push(id: string, member: BurstMember, end: Date): Promise<BurstCounterDoc> {
  const update = {
    $push: { members: { $each: [member], $slice: -MAX_MEMBERS } },
    $setOnInsert: { expiresAt: new Date(end.getTime() + KEEP_MS) },
  };
  try {
    return (await BurstCounterModel.findOneAndUpdate({ _id: id }, update, {
      upsert: true,
      returnDocument: 'after',
    }).lean<BurstCounterDoc>())!;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return (await BurstCounterModel.findOneAndUpdate({ _id: id }, update, {
      returnDocument: 'after',
    }).lean<BurstCounterDoc>())!;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function reasonFor(rule: BurstRule, n: number, total: number, kind: RatingKind): string {
  const who = kind === 'staff' ? 'this staff member' : "the store's experience";
  const within = `from one ${rule.scope} within ${plural(rule.windowMs / MINUTE, 'minute')}`;
  return rule.share === 0
    ? `${plural(n, 'rating')} of ${who} ${within}`
    : `${n} of the ${plural(total, 'rating')} ${within} were of ${who}`;
}

/** Every rule of the scope over its window of the bucket lists (members de-duplicated across the two grids). */
function judge(
  scope: BurstScope,
  docs: BurstCounterDoc[],
  c: BurstCount,
  self: Types.ObjectId,
): BurstVerdict {
  const members = new Map<string, BurstMember>();
  for (const doc of docs) for (const m of doc.members) members.set(String(m.rating), m);
  const key = subjectKey(c.subject);
  const verdict: BurstVerdict = { reasons: [], earlier: [] };
  for (const rule of BURST_RULES.filter((r) => r.scope === scope)) {
    const since = c.now.getTime() - rule.windowMs;
    const inWindow = [...members.values()].filter((m) => m.at.getTime() > since);
    const mine = inWindow.filter((m) => m.subject === key);
    if (mine.length < rule.min || mine.length < rule.share * inWindow.length) continue;
    verdict.reasons.push(reasonFor(rule, mine.length, inWindow.length, c.subject.kind));
    verdict.earlier.push(...mine.map((m) => m.rating).filter((id) => !id.equals(self)));
  }
  return verdict;
}

function judgeAll(
  c: BurstCount,
  docs: Array<{ scope: BurstScope; doc: BurstCounterDoc | null }>,
  self: Types.ObjectId,
) {
  const out: BurstVerdict = { reasons: [], earlier: [] };
  for (const scope of ['device', 'network'] as const) {
    const mine = docs.filter((d) => d.scope === scope && d.doc).map((d) => d.doc!);
    if (mine.length === 0) continue;
    const v = judge(scope, mine, c, self);
    out.reasons.push(...v.reasons);
    out.earlier.push(...v.earlier);
  }
  const unique = new Map(out.earlier.map((id) => [String(id), id]));
  return { reasons: out.reasons, earlier: [...unique.values()] };
}

/**
 * Counts a rating that is about to be stored (its _id chosen beforehand) and judges it against every rule: one round
 * trip of parallel upserts. Call it only once every refusal is behind, so a refused submit is never counted.
 */
export async function countRating(
  c: BurstCount,
  rating: { _id: Types.ObjectId; score: number },
): Promise<BurstVerdict> {
  const member: BurstMember = {
    rating: rating._id,
    subject: subjectKey(c.subject),
    score: rating.score,
    at: c.now,
  };
  const targets = buckets(c);
  const [docs, before] = await Promise.all([
    Promise.all(targets.map((b) => push(b.id, member, b.end))),
    previousDocs(c),
  ]);
  return judgeAll(
    c,
    [...targets.map((b, i) => ({ scope: b.scope, doc: docs[i] ?? null })), ...before],
    rating._id,
  );
}

/**
 * After the insert of a rating that was not flagged: a later member of the same burst may have looked for it while it
 * was still on its way (and found nothing to flag), so it reads its buckets once more. Returns the reasons when it is
 * part of a burst now; the caller flags it.
 */
export async function recheckRating(c: BurstCount, self: Types.ObjectId): Promise<string[]> {
  const targets = buckets(c);
  const [docs, before] = await Promise.all([
    Promise.all(targets.map((b) => counterById(b.id))),
    previousDocs(c),
  ]);
  const verdict = judgeAll(
    c,
    [...targets.map((b, i) => ({ scope: b.scope, doc: docs[i] ?? null })), ...before],
    self,
  );
  return verdict.reasons;
}

/** A counted rating that was not stored after all (its insert lost a race or failed): taken out of its buckets. */
export async function uncountRating(c: BurstCount, self: Types.ObjectId): Promise<void> {
  await BurstCounterModel.updateMany(
    { _id: { $in: buckets(c).map((b) => b.id) } },
    { $pull: { members: { rating: self } } },
  );
}
