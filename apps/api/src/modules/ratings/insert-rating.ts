// Storing a new rating as create() would, in one insert shared with the other submits waiting for the collection.
import { Types } from 'mongoose';
import { coalescedBulkWrite, type BulkWriter } from '../../lib/coalesce';
import type { PendingWork } from './pending-work';
import { RATING_KINDS, RatingModel, type RatingDoc, type RatingKind } from './rating.model';

/** A new rating as the submit builds it; the timestamps are the submit's own instant. */
export interface NewRating {
  _id: Types.ObjectId;
  business: Types.ObjectId;
  store: Types.ObjectId;
  staff: Types.ObjectId | null;
  kind: RatingKind;
  score: number;
  comment: string;
  tags: string[];
  day: string;
  outsideShift: boolean;
  hour: number | null;
  onShift?: Types.ObjectId[];
  source: 'qr' | 'kiosk';
  deviceHash: string | null;
  networkHash: string | null;
  idempotencyKey: string | null;
  flag: { suspicious: boolean; reasons: string[] };
  pending: PendingWork[];
  createdAt: Date;
  updatedAt: Date;
}

const isId = (v: unknown) => v instanceof Types.ObjectId;
const isStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isDate = (v: unknown) => v instanceof Date && !Number.isNaN(v.getTime());
const orNull = (ok: (v: unknown) => boolean) => (v: unknown) => v === null || ok(v);
const isString = (v: unknown) => typeof v === 'string';
const isWork = (w: PendingWork) =>
  isId(w.id) &&
  (w.kind === 'rollup' || w.kind === 'reaction') &&
  (w.sign === undefined || w.sign === 1 || w.sign === -1) &&
  (w.name === undefined || isString(w.name)) &&
  (w.themes === undefined || isStrings(w.themes)) &&
  isDate(w.at);

/**
 * The document create() stores for these fields (its defaults filled, undefined left out), when every value already
 * is what the schema accepts as is: required ids, enums, score 1–5, comment ≤ 1000, hour 0–23. null when any is not:
 * the schema then casts and judges (test/ratings/insert-rating.test.ts keeps the two in step).
 */
function ratingDocument(r: NewRating): RatingDoc | null {
  const valid =
    isId(r._id) &&
    isId(r.business) &&
    isId(r.store) &&
    orNull(isId)(r.staff) &&
    RATING_KINDS.includes(r.kind) &&
    typeof r.score === 'number' &&
    r.score >= 1 &&
    r.score <= 5 &&
    isString(r.comment) &&
    r.comment.length <= 1000 &&
    isStrings(r.tags) &&
    isString(r.day) &&
    r.day.length > 0 &&
    typeof r.outsideShift === 'boolean' &&
    (r.hour === null || (typeof r.hour === 'number' && r.hour >= 0 && r.hour <= 23)) &&
    (r.onShift === undefined || (Array.isArray(r.onShift) && r.onShift.every(isId))) &&
    (r.source === 'qr' || r.source === 'kiosk') &&
    orNull(isString)(r.deviceHash) &&
    orNull(isString)(r.networkHash) &&
    orNull(isString)(r.idempotencyKey) &&
    typeof r.flag?.suspicious === 'boolean' &&
    isStrings(r.flag.reasons) &&
    Array.isArray(r.pending) &&
    r.pending.every(isWork) &&
    isDate(r.createdAt) &&
    isDate(r.updatedAt);
  if (!valid) return null;
  const pending = r.pending.map((w) => ({
    id: w.id,
    kind: w.kind,
    ...(w.sign === undefined ? {} : { sign: w.sign }),
    ...(w.name === undefined ? {} : { name: w.name }),
    ...(w.themes === undefined ? {} : { themes: [...(w.themes ?? [])] }),
    at: w.at,
  }));
  return {
    _id: r._id,
    business: r.business,
    store: r.store,
    staff: r.staff,
    kind: r.kind,
    score: r.score,
    comment: r.comment,
    tags: [...r.tags],
    day: r.day,
    outsideShift: r.outsideShift,
    hour: r.hour,
    ...(r.onShift === undefined ? {} : { onShift: [...r.onShift] }),
    source: r.source,
    deviceHash: r.deviceHash,
    networkHash: r.networkHash,
    idempotencyKey: r.idempotencyKey,
    flag: { suspicious: r.flag.suspicious, reasons: [...r.flag.reasons], reviewedAt: null, restored: false },
    pending,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    __v: 0,
  } as unknown as RatingDoc;
}

/**
 * Stores a new rating: the document create() would store (built directly when its values need no casting, else cast,
 * defaulted and validated by the schema, throwing its ValidationError), inserted with the other new ratings queued
 * meanwhile: one unordered insert, so a duplicate key fails only its own submit (code 11000). Answers the document.
 */
export async function insertRating(fields: NewRating): Promise<RatingDoc> {
  let rating = ratingDocument(fields);
  if (!rating) {
    const doc = new RatingModel({ ...fields, __v: 0 });
    await doc.validate();
    rating = doc.toObject() as RatingDoc;
  }
  await coalescedBulkWrite(RatingModel.collection as unknown as BulkWriter, [
    { insertOne: { document: rating } },
  ]);
  return rating;
}
