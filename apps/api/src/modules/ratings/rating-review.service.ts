// Review of flagged ratings over the member's stores: list with audit trails, and restore (counts again, audited).
import mongoose from 'mongoose';
import type { TFlaggedRating, TRatingAuditEntry } from '@cx/contracts';
import { AppError, notFound } from '../../lib/errors';
import { narrowStores, scopeFilter, type Access } from '../../tenancy/access';
import { publishRestored } from './rating-events';
import { recordAudit } from '../../tenancy/audit';
import { settleRatingRollups } from '../feedback/pipeline';
import { rollupWork } from './pending-work';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { UserModel } from '../users/user.model';
import { RatingAuditModel, type RatingAuditDoc } from './rating-audit.model';
import { RatingModel, type RatingDoc } from './rating.model';

export interface FlaggedQuery {
  store?: string;
  status: 'pending' | 'restored' | 'all';
  page: number;
  pageSize: number;
}

const STATUS_FILTER: Record<FlaggedQuery['status'], Record<string, unknown>> = {
  pending: { 'flag.restored': false },
  restored: { 'flag.restored': true },
  all: {},
};

function nameMap(docs: Array<{ _id: unknown; name?: string; fullname?: string }>): Map<string, string> {
  return new Map(docs.map((d) => [String(d._id), d.name ?? d.fullname ?? '']));
}

/** Joins stores, staff, auditors and audit entries in four batched reads (no per-row queries). */
async function present(business: string, ratings: RatingDoc[]): Promise<TFlaggedRating[]> {
  const ids = ratings.map((r) => r._id);
  const audits = ids.length
    ? await RatingAuditModel.find({ business, rating: { $in: ids } })
        .sort({ createdAt: 1 })
        .lean<RatingAuditDoc[]>()
    : [];
  const [stores, staff, actors] = await Promise.all([
    StoreModel.find({ _id: { $in: ratings.map((r) => r.store) } }, { name: 1 })
      .lean()
      .then(nameMap),
    StaffModel.find({ _id: { $in: ratings.flatMap((r) => (r.staff ? [r.staff] : [])) } }, { name: 1 })
      .lean()
      .then(nameMap),
    UserModel.find({ _id: { $in: audits.map((a) => a.actor) } }, { fullname: 1 })
      .lean()
      .then(nameMap),
  ]);
  const auditsOf = new Map<string, TRatingAuditEntry[]>();
  for (const a of audits) {
    const list = auditsOf.get(String(a.rating)) ?? [];
    list.push({
      _id: String(a._id),
      action: 'restore',
      actor: { _id: String(a.actor), fullname: actors.get(String(a.actor)) ?? '' },
      note: a.note ?? '',
      createdAt: a.createdAt.toISOString(),
    });
    auditsOf.set(String(a.rating), list);
  }
  return ratings.map((r) => ({
    _id: String(r._id),
    kind: r.kind,
    store: { _id: String(r.store), name: stores.get(String(r.store)) ?? '' },
    staff: r.staff ? { _id: String(r.staff), name: staff.get(String(r.staff)) ?? '' } : null,
    score: r.score,
    comment: r.comment ?? '',
    tags: r.tags ?? [],
    day: r.day,
    source: r.source ?? 'qr',
    createdAt: r.createdAt.toISOString(),
    reasons: r.flag?.reasons ?? [],
    restored: r.flag?.restored ?? false,
    reviewedAt: r.flag?.reviewedAt ? r.flag.reviewedAt.toISOString() : null,
    audit: auditsOf.get(String(r._id)) ?? [],
  }));
}

/** The member's stores' flagged ratings; a store filter outside them is "not found" (like another business's). */
export async function listFlagged(access: Access, q: FlaggedQuery) {
  const business = access.businessId;
  if (q.store) {
    narrowStores(access, [q.store]);
    // An all-store member's filter must still name one of the business's stores: another business's id is a 404.
    if (!(await StoreModel.exists({ _id: q.store, business: access.businessId }))) throw notFound('Store');
  }
  const filter: Record<string, unknown> = {
    ...scopeFilter(access),
    'flag.suspicious': true,
    ...STATUS_FILTER[q.status],
  };
  if (q.store) filter.store = q.store;
  const [ratings, total] = await Promise.all([
    RatingModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((q.page - 1) * q.pageSize)
      .limit(q.pageSize)
      .lean<RatingDoc[]>(),
    RatingModel.countDocuments(filter),
  ]);
  return { ratings: await present(business, ratings), total, page: q.page, pageSize: q.pageSize };
}

/**
 * One conditional update flips the rating to restored and records the owed "count it again" rollup entry, so two
 * reviewers clicking at once count it back only once and a failure after the flip cannot lose the +1 (the drainer
 * applies the entry); then the entry is applied and the decision is audited (on the rating and in the business's
 * log). A rating at a store outside the member's stores is "not found".
 */
export async function restoreRating(access: Access, ratingId: string, note: string): Promise<TFlaggedRating> {
  if (!mongoose.isValidObjectId(ratingId)) throw notFound('Rating');
  const business = access.businessId;
  const scoped = { ...scopeFilter(access), _id: ratingId };
  const now = new Date();
  const restored = await RatingModel.findOneAndUpdate(
    { ...scoped, 'flag.suspicious': true, 'flag.restored': false },
    {
      $set: { 'flag.restored': true, 'flag.reviewedAt': now },
      $push: { pending: rollupWork(1, now) },
    },
    { returnDocument: 'after' },
  ).lean<RatingDoc>();
  if (!restored) {
    const current = await RatingModel.findOne(scoped, { flag: 1 }).lean<RatingDoc>();
    if (!current) throw notFound('Rating');
    if (current.flag?.restored)
      throw new AppError('ALREADY_RESTORED', 'This rating has already been restored.', 409);
    throw new AppError('NOT_FLAGGED', 'This rating is not flagged.', 409);
  }
  await settleRatingRollups(restored);
  await RatingAuditModel.create({
    business,
    rating: restored._id,
    action: 'restore',
    actor: access.userId,
    reasons: restored.flag?.reasons ?? [],
    note,
  });
  const after = await RatingModel.findById(restored._id).lean<RatingDoc>();
  if (after) await publishRestored(after, now);
  const [presented] = await present(business, after ? [after] : []);
  if (!presented) throw notFound('Rating');
  const who = presented.staff ? ` for ${presented.staff.name}` : '';
  await recordAudit(
    access,
    {
      kind: 'rating',
      action: 'rating.restore',
      summary: `Restored a flagged ${presented.score}-star ${presented.kind} rating${who}${note ? `: ${note}` : ''}`,
      store: { _id: restored.store, name: presented.store.name },
      before: { restored: false, reasons: presented.reasons },
      after: { restored: true, note },
    },
    now,
  );
  return presented;
}
