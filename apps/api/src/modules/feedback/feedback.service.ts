// Anonymous submits: visits, staff and experience ratings, social clicks — idempotent, anti-gamed, rolled up in-request.
import type {
  TExperienceRatingSubmit,
  TFeedbackSource,
  TRatingReceipt,
  TSocialClickSubmit,
  TStaffRatingSubmit,
  TVisitSubmit,
} from '@cx/contracts';
import { AppError, notFound } from '../../lib/errors';
import { localDay } from '../../lib/time';
import { recordInRollups } from '../analytics/rollup.service';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import type { StoreDoc } from '../stores/store.model';
import { ratingAccepted } from './rating-accepted';
import { detectBurst, enforceMinInterval, flagEarlier, type RatingSubject } from './anti-gaming';
import {
  findRateableStaff,
  firstNameOf,
  isOnShift,
  loadOpenStore,
  requireAnyInterface,
  requireInterface,
  socialLinksOf,
} from './customer-store';
import { FeedbackEventModel } from './feedback-event.model';
import { fingerprint, type Requester } from './fingerprint';
import { takeVisitAllowance } from './visit-allowance';

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

export interface SubmitResult<T> {
  body: T;
  /** true when the answer is the stored one for a retried key. */
  replayed: boolean;
}

export async function submitRating(
  input: RatingInput,
  who: Requester,
  now = new Date(),
): Promise<SubmitResult<TRatingReceipt>> {
  refuseHoneypot(input.contact);
  const store = await loadOpenStore(input.store);
  const source: TFeedbackSource = input.source ?? 'qr';
  // Independent reads in parallel: one round trip of latency on a real MongoDB instead of three.
  const [existing, member, fp] = await Promise.all([
    RatingModel.findOne({ store: store._id, idempotencyKey: input.idempotencyKey }).lean<RatingDoc>(),
    input.kind === 'staff' ? findRateableStaff(store, input.staff) : Promise.resolve(null),
    fingerprint(who, input.deviceId, source, now),
  ]);
  // Before any other rule: a retry of an accepted rating must be answered the same even if the rules now refuse it.
  if (existing) return { body: replay(existing, input), replayed: true };
  // A copy of this same submit may land between that read and the rules below (a flaky connection re-sending at
  // once): when a rule refuses, it is answered as the replay it is.
  const twinOrThrow = async (err: unknown): Promise<RatingDoc> => {
    const twin = await RatingModel.findOne({
      store: store._id,
      idempotencyKey: input.idempotencyKey,
    }).lean<RatingDoc>();
    if (!twin) throw err;
    return twin;
  };

  requireInterface(store, input.kind);
  if (input.kind === 'staff' && !member) throw notFound('Staff member');

  const subject: RatingSubject = {
    owner: store.owner,
    store: store._id,
    staff: member?._id ?? null,
    kind: input.kind,
    label: member ? firstNameOf(member.name) : `your experience at ${store.name}`,
  };
  const [twin, outsideShift, burst] = await Promise.all([
    source === 'kiosk'
      ? Promise.resolve(null)
      : enforceMinInterval(subject, fp.deviceHash, now).then(() => null, twinOrThrow),
    member ? isOnShift(store._id, member._id, now).then((on) => !on) : Promise.resolve(false),
    detectBurst(subject, fp, input.score, now),
  ]);
  if (twin) return { body: replay(twin, input), replayed: true };
  const day = localDay(now, store.timeZone);
  let rating: RatingDoc;
  try {
    const created = await RatingModel.create({
      owner: store.owner,
      store: store._id,
      staff: subject.staff,
      kind: input.kind,
      score: input.score,
      comment: input.comment ?? '',
      tags: [...new Set(input.tags ?? [])],
      day,
      outsideShift,
      source,
      deviceHash: fp.deviceHash,
      networkHash: fp.networkHash,
      idempotencyKey: input.idempotencyKey,
      flag: { suspicious: burst.reasons.length > 0, reasons: burst.reasons },
      createdAt: now,
    });
    rating = created.toObject() as RatingDoc;
  } catch (err) {
    // Two copies of one submit raced: the unique (store, key) index let one in; answer the other with it.
    if (!isDuplicateKey(err)) throw err;
    const winner = await RatingModel.findOne({
      store: store._id,
      idempotencyKey: input.idempotencyKey,
    }).lean<RatingDoc>();
    if (!winner) throw err;
    return { body: replay(winner, input), replayed: true };
  }

  const flagged = burst.reasons.length > 0;
  if (flagged) await flagEarlier(burst.earlier, burst.reasons);
  await ratingAccepted({ rating, store, flagged });
  return { body: receiptOf(rating), replayed: false };
}

interface EventInput {
  store: StoreDoc;
  type: 'visit' | 'social';
  network?: string;
  tracked: boolean;
  body: TVisitSubmit;
  who: Requester;
  now: Date;
}

/** Stores the raw event once per key; false when the key was seen before (a retry). */
async function storeEventOnce(e: EventInput): Promise<{ created: boolean; tracked: boolean }> {
  const source = e.body.source ?? 'qr';
  const { deviceHash } = await fingerprint(e.who, e.body.deviceId, source, e.now);
  try {
    await FeedbackEventModel.create({
      owner: e.store.owner,
      store: e.store._id,
      type: e.type,
      network: e.network ?? null,
      day: localDay(e.now, e.store.timeZone),
      tracked: e.tracked,
      source,
      deviceHash,
      idempotencyKey: e.body.idempotencyKey,
    });
    return { created: true, tracked: e.tracked };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const first = await FeedbackEventModel.findOne({
      store: e.store._id,
      idempotencyKey: e.body.idempotencyKey,
    }).lean();
    if (!first || first.type !== e.type) throw err;
    return { created: false, tracked: first.tracked };
  }
}

export async function recordVisit(
  body: TVisitSubmit,
  who: Requester,
  now = new Date(),
): Promise<SubmitResult<{ tracked: boolean }>> {
  refuseHoneypot(body.contact);
  const store = await loadOpenStore(body.store);
  const seen = await FeedbackEventModel.findOne({
    store: store._id,
    idempotencyKey: body.idempotencyKey,
  }).lean();
  if (seen) return { body: { tracked: seen.tracked }, replayed: true };
  requireAnyInterface(store);
  const day = localDay(now, store.timeZone);
  const tracked = await takeVisitAllowance(store.owner, day.slice(0, 7), now.getTime());
  const result = await storeEventOnce({ store, type: 'visit', tracked, body, who, now });
  if (result.created && tracked) {
    await recordInRollups({ owner: store.owner, store: store._id, metric: 'visit', day });
  }
  return { body: { tracked: result.tracked }, replayed: !result.created };
}

export async function recordSocialClick(
  body: TSocialClickSubmit,
  who: Requester,
  now = new Date(),
): Promise<SubmitResult<{ url: string }>> {
  refuseHoneypot(body.contact);
  const store = await loadOpenStore(body.store);
  const link = socialLinksOf(store).find((l) => l.network === body.network);
  const seen = await FeedbackEventModel.findOne({
    store: store._id,
    idempotencyKey: body.idempotencyKey,
  }).lean();
  if (seen && link) return { body: { url: link.url }, replayed: true };
  requireInterface(store, 'social');
  if (!link) throw notFound('Link');
  const day = localDay(now, store.timeZone);
  const result = await storeEventOnce({
    store,
    type: 'social',
    network: body.network,
    tracked: true,
    body,
    who,
    now,
  });
  if (result.created) await recordInRollups({ owner: store.owner, store: store._id, metric: 'social', day });
  return { body: { url: link.url }, replayed: !result.created };
}
