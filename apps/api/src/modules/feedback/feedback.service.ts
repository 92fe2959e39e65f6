// Anonymous submits: visits, staff and experience ratings, social clicks: idempotent, anti-gamed, stored with their owed work.
import type {
  TContactRequest,
  TExperienceRatingSubmit,
  TFeedbackSource,
  TRatingReceipt,
  TSocialClickSubmit,
  TStaffRatingSubmit,
  TVisitSubmit,
} from '@cx/contracts';
import { batchedRead } from '../../lib/coalesce';
import { AppError, notFound } from '../../lib/errors';
import { localDay, localHour } from '../../lib/time';
import { rollupWork } from '../ratings/pending-work';
import { insertRating } from '../ratings/insert-rating';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import type { StoreDoc } from '../stores/store.model';
import { acceptedWork } from './rating-accepted';
import { settleEvent, settleNewRating } from './pipeline';
import mongoose from 'mongoose';
import type { StaffDoc } from '../staff/staff.model';
import {
  ANTI_GAMING,
  claimMinInterval,
  flagEarlier,
  intervalMsOf,
  ratedRecently,
  releaseMinInterval,
  retimeGuard,
} from './anti-gaming';
import { countRating, recheckRating, uncountRating, type BurstCount } from './bursts';
import {
  findStaffAt,
  firstNameOf,
  isOnShift,
  loadOpenStore,
  staffOnShiftAt,
  storeHasRota,
  requireAnyInterface,
  requireInterface,
  socialLinksOf,
} from './customer-store';
import { FeedbackEventModel, type FeedbackEventDoc } from './feedback-event.model';
import { fingerprint, type Fingerprint, type Requester } from './fingerprint';
import { takeVisit, type UntrackedReason } from './visit-allowance';
import { dropContactRequest, refuseContactAbove3, storeContactRequest } from './contact-intake';
import { checkRatingTags } from './feedback-chips.service';

type RatingInput =
  | ({ kind: 'staff' } & TStaffRatingSubmit)
  | ({ kind: 'experience' } & TExperienceRatingSubmit & { staff?: undefined });

const isDuplicateKey = (err: unknown) => (err as { code?: unknown } | null)?.code === 11000;

/** Anything typed into the honeypot field means a bot filled the form: refused, and said so. */
function refuseHoneypot(contact: string | undefined): void {
  if (contact && contact.trim()) {
    throw new AppError(
      'HONEYPOT',
      'Your rating could not be accepted. Please reload the page and try again.',
      400,
    );
  }
}

const receiptOf = (rating: Pick<RatingDoc, '_id' | 'createdAt'>): TRatingReceipt => ({
  _id: String(rating._id),
  receivedAt: rating.createdAt.toISOString(),
});

/** A retry answers what the first attempt answered; the same key for a different rating is a client bug (409). */
function replay(existing: RatingDoc, input: RatingInput): TRatingReceipt {
  const same =
    existing.kind === input.kind &&
    existing.score === input.score &&
    String(existing.staff ?? '') === String(input.staff ?? '');
  if (!same) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This submission key was already used for a different rating.',
      409,
    );
  }
  return receiptOf(existing);
}

/** The store's rating stored under a submission key, if any (concurrent submits at one store share one read). */
const ratingByKey = (store: mongoose.Types.ObjectId, key: string) =>
  batchedRead(`rating-by-key:${String(store)}`, key, async (keys) => {
    const found = await RatingModel.find({ store, idempotencyKey: { $in: keys } }).lean<RatingDoc[]>();
    return new Map(found.map((r) => [r.idempotencyKey!, r]));
  });

export interface SubmitResult<T> {
  body: T;
  /** true when the answer is the stored one for a retried key. */
  replayed: boolean;
}

/** Settled value or rethrown reason: the first round's reads run together, then are judged in a fixed order. */
const valueOf = <T>(r: PromiseSettledResult<T>): T => {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
};

/**
 * Four sequential round trips on an ordinary submit: (1) the store, the idempotency look-up, the person, the rota and
 * the device's interval guard, all at once (each needs only ids from the request; the day's salt is cached per
 * instance); (2) the burst counters, once nothing can refuse the rating; (3) the rating insert, carrying its owed
 * derived work (rollups, reactions) in the same document so no crash can separate them; (4) the rollups, by marked
 * $incs that a retry or the drainer can repeat safely, beside the burst re-check. Refusals after (1) give the guard back.
 */
export async function submitRating(
  input: RatingInput,
  who: Requester,
  now = new Date(),
): Promise<SubmitResult<TRatingReceipt>> {
  refuseHoneypot(input.homepage);
  // The contract's preprocess (an old queued '' honeypot read as no request) leaves the input type open: parsed by then.
  const contact = input.contact as TContactRequest | undefined;
  refuseContactAbove3(input.score, contact);
  if (!mongoose.isValidObjectId(input.store)) throw notFound('Store');
  const fp = await fingerprint(
    who,
    { deviceId: input.deviceId, kiosk: input.kiosk, store: input.store },
    now,
  );
  // The server decides: a body's `source` claim is ignored, only a valid kiosk credential makes a kiosk.
  const source: TFeedbackSource = fp.kiosk ? 'kiosk' : 'qr';
  const storeId = new mongoose.Types.ObjectId(input.store);
  const staffId =
    input.kind === 'staff' && mongoose.isValidObjectId(input.staff)
      ? new mongoose.Types.ObjectId(input.staff)
      : null;
  const guardId = { deviceHash: fp.deviceHash, store: storeId, staff: staffId };
  const guarded = source !== 'kiosk' && (input.kind === 'experience' || staffId !== null);
  const byKey = () => ratingByKey(storeId, input.idempotencyKey);

  const settled = await Promise.allSettled([
    loadOpenStore(input.store),
    byKey(),
    staffId ? findStaffAt(storeId, staffId) : Promise.resolve(null),
    staffId ? isOnShift(storeId, staffId, now) : Promise.resolve(false),
    input.kind === 'experience' ? staffOnShiftAt(storeId, now) : Promise.resolve(undefined),
    guarded ? claimMinInterval(guardId, now, input.idempotencyKey) : Promise.resolve(null),
    staffId ? storeHasRota(storeId) : Promise.resolve(false),
  ] as const);
  const claim = settled[5].status === 'fulfilled' ? settled[5].value : null;
  const giveBack = async () => {
    if (claim?.claimed)
      await releaseMinInterval(guardId, fp.deviceHash, input.idempotencyKey).catch(() => {});
  };
  let store: StoreDoc;
  let member: StaffDoc | null;
  try {
    store = valueOf(settled[0]);
    const existing = valueOf(settled[1]);
    // Before any other rule: a retry of an accepted rating must be answered the same even if the rules now refuse it.
    if (existing) {
      await giveBack();
      const body = replay(existing, input);
      // The first attempt may have died before its rollups: the retry finishes them (marked, so never twice).
      if (existing.pending?.length) await settleNewRating(existing, store);
      return { body, replayed: true };
    }
    requireInterface(store, input.kind);
    const found = valueOf(settled[2]);
    member = found && String(found.business) === String(store.business) ? found : null;
    if (input.kind === 'staff' && !member) throw notFound('Staff member');
    valueOf(settled[5]);
    await checkRatingTags(store.business, input.kind, input.score, input.tags);
  } catch (err) {
    await giveBack();
    throw err;
  }
  if (claim && !claim.claimed && claim.until) {
    // A copy of this same submit may have landed since the look-up (a flaky connection re-sending at once).
    const twin = await byKey();
    if (twin) return { body: replay(twin, input), replayed: true };
    const label = member ? firstNameOf(member.name) : `your experience at ${store.name}`;
    throw ratedRecently({ label }, claim.until, now);
  }
  // A store with no rota at all has no shifts to be outside of: its ratings are not marked.
  const outsideShift = member ? !valueOf(settled[3]) && valueOf(settled[6]) : false;
  const onShift = valueOf(settled[4]);
  // Counted only now that no rule refuses it, under the _id it will be stored with.
  const ratingId = new mongoose.Types.ObjectId();
  const counted: BurstCount = {
    subject: { store: storeId, staff: staffId, kind: input.kind },
    fp,
    now,
    device: !guarded,
  };
  const intervalMs = intervalMsOf(store);
  const contactIds = { business: store.business, store: store._id, rating: ratingId };
  const [burst] = await Promise.all([
    countRating(counted, { _id: ratingId, score: input.score }),
    claim?.claimed && intervalMs !== ANTI_GAMING.minIntervalMs
      ? retimeGuard(guardId, input.idempotencyKey, now, intervalMs)
      : null,
    contact ? storeContactRequest(contactIds, contact, now) : null,
  ]);

  let rating: RatingDoc;
  try {
    rating = await insertRating({
      _id: ratingId,
      business: store.business,
      store: store._id,
      staff: member?._id ?? null,
      kind: input.kind,
      score: input.score,
      comment: input.comment ?? '',
      tags: [...new Set(input.tags ?? [])],
      day: localDay(now, store.timeZone),
      outsideShift,
      hour: localHour(now, store.timeZone),
      onShift,
      source,
      deviceHash: fp.deviceHash,
      networkHash: fp.networkHash,
      idempotencyKey: input.idempotencyKey,
      flag: { suspicious: burst.reasons.length > 0, reasons: burst.reasons },
      pending: acceptedWork(burst.reasons.length > 0, now),
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    // Two copies of one submit raced: the unique (store, key) index let one in; answer the other with it.
    await uncountRating(counted, ratingId).catch(() => {});
    if (contact) await dropContactRequest(ratingId).catch(() => {});
    if (!isDuplicateKey(err)) {
      await giveBack();
      throw err;
    }
    const winner = await byKey();
    if (!winner) throw err;
    return { body: replay(winner, input), replayed: true };
  }

  if (burst.reasons.length > 0) {
    await flagEarlier(burst.earlier, burst.reasons);
    await settleNewRating(rating, store);
  } else {
    // A member of a burst sent alongside may have looked for this one before it was stored: looked at again.
    const recheck = recheckRating(counted, ratingId);
    await settleNewRating(rating, store);
    const late = await recheck;
    if (late.length) await flagEarlier([ratingId], late);
  }
  return { body: receiptOf(rating), replayed: false };
}

interface EventInput {
  store: StoreDoc;
  type: 'visit' | 'social';
  network?: string;
  tracked: boolean;
  untracked?: UntrackedReason | null;
  body: TVisitSubmit;
  /** What the server says the caller is (device, network, kiosk). */
  fp: Fingerprint;
  now: Date;
}

/** The caller's fingerprint for an event submit. */
const fingerprintOf = (body: TVisitSubmit, store: StoreDoc, who: Requester, now: Date) =>
  fingerprint(who, { deviceId: body.deviceId, kiosk: body.kiosk, store: String(store._id) }, now);

/**
 * Stores the raw event once per key, a tracked one with its owed rollup entry, and applies that entry (awaited);
 * created is false when the key was seen before (a retry).
 */
async function storeEventOnce(e: EventInput): Promise<{ created: boolean; tracked: boolean }> {
  const source: TFeedbackSource = e.fp.kiosk ? 'kiosk' : 'qr';
  const { deviceHash } = e.fp;
  let created: FeedbackEventDoc;
  try {
    const doc = await FeedbackEventModel.create({
      business: e.store.business,
      store: e.store._id,
      type: e.type,
      network: e.network ?? null,
      day: localDay(e.now, e.store.timeZone),
      tracked: e.tracked,
      untracked: e.untracked ?? null,
      source,
      deviceHash,
      idempotencyKey: e.body.idempotencyKey,
      pending: e.tracked ? [rollupWork(1, e.now)] : undefined,
      createdAt: e.now,
    });
    created = doc.toObject() as FeedbackEventDoc;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const first = await FeedbackEventModel.findOne({
      store: e.store._id,
      idempotencyKey: e.body.idempotencyKey,
    }).lean();
    if (!first || first.type !== e.type) throw err;
    return { created: false, tracked: first.tracked };
  }
  await settleEvent(created, true);
  return { created: true, tracked: e.tracked };
}

/** A retried event whose first attempt died before its rollups: finished now (marked, so never twice). */
async function finishSeen(seen: FeedbackEventDoc | null): Promise<void> {
  if (seen?.pending?.length) await settleEvent(seen, true);
}

export async function recordVisit(
  body: TVisitSubmit,
  who: Requester,
  now = new Date(),
): Promise<SubmitResult<{ tracked: boolean }>> {
  refuseHoneypot(body.homepage);
  const store = await loadOpenStore(body.store);
  const seen = await FeedbackEventModel.findOne({
    store: store._id,
    idempotencyKey: body.idempotencyKey,
  }).lean();
  if (seen) {
    await finishSeen(seen as FeedbackEventDoc);
    return { body: { tracked: seen.tracked }, replayed: true };
  }
  requireAnyInterface(store);
  const fp = await fingerprintOf(body, store, who, now);
  const { tracked, reason } = await takeVisit(store, fp, now);
  const result = await storeEventOnce({ store, type: 'visit', tracked, untracked: reason, body, fp, now });
  return { body: { tracked: result.tracked }, replayed: !result.created };
}

export async function recordSocialClick(
  body: TSocialClickSubmit,
  who: Requester,
  now = new Date(),
): Promise<SubmitResult<{ url: string }>> {
  refuseHoneypot(body.homepage);
  const store = await loadOpenStore(body.store);
  const link = socialLinksOf(store).find((l) => l.network === body.network);
  const seen = await FeedbackEventModel.findOne({
    store: store._id,
    idempotencyKey: body.idempotencyKey,
  }).lean();
  if (seen && link) {
    await finishSeen(seen as FeedbackEventDoc);
    return { body: { url: link.url }, replayed: true };
  }
  requireInterface(store, 'social');
  if (!link) throw notFound('Link');
  const result = await storeEventOnce({
    store,
    type: 'social',
    network: body.network,
    tracked: true,
    body,
    fp: await fingerprintOf(body, store, who, now),
    now,
  });
  return { body: { url: link.url }, replayed: !result.created };
}
