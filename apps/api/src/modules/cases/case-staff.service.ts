// The named staff member's right of reply, through their scorecard share link: their complaints and their side.
import { CASE_REPLY_MAX, ZStaffSideInputSchema, type TStaffCase } from '@cx/contracts';
import { Types } from 'mongoose';
import { AppError, notFound } from '../../lib/errors';
import { maskContact } from '../../lib/mask';
import { RatingModel } from '../ratings/rating.model';
import { liveShare } from '../scorecards/scorecard-shares.service';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { CaseModel, type CaseDoc } from './case.model';

/** Ended complaints stay on the list this long (open ones always). */
export const RECENT_CASE_DAYS = 30;
const LIST_MAX = 50;

/** The cases naming the link's person, over the link's stores: open ones, and those ended recently. */
async function shareScope(token: string, now: Date) {
  const share = await liveShare(token);
  if (!share) throw notFound('Scorecard');
  const since = new Date(now.getTime() - RECENT_CASE_DAYS * 86_400_000);
  const filter: Record<string, unknown> = {
    business: share.business,
    staff: share.staff,
    $or: [{ status: { $in: ['new', 'in_progress', 'waiting'] } }, { updatedAt: { $gte: since } }],
  };
  if (share.stores.length) filter.store = { $in: share.stores };
  return { share, filter };
}

async function present(docs: CaseDoc[]): Promise<TStaffCase[]> {
  const [stores, ratings] = await Promise.all([
    StoreModel.find({ _id: { $in: docs.map((d) => d.store) } }, { name: 1 }).lean(),
    RatingModel.find(
      { _id: { $in: docs.map((d) => d.rating).filter(Boolean) } },
      { score: 1, comment: 1, tags: 1, createdAt: 1 },
    ).lean(),
  ]);
  const storeName = new Map(stores.map((s) => [String(s._id), s.name]));
  const rating = new Map(ratings.map((r) => [String(r._id), r]));
  return docs.map((d) => {
    const r = d.rating ? rating.get(String(d.rating)) : undefined;
    return {
      _id: String(d._id),
      number: d.number,
      storeName: storeName.get(String(d.store)) ?? 'Deleted store',
      score: r?.score ?? 0,
      // The link leaves the business: a customer's own contact details in the comment are masked.
      comment: maskContact(r?.comment ?? ''),
      tags: r?.tags ?? [],
      ratedAt: new Date(r?.createdAt ?? d.createdAt).toISOString(),
      side: d.staffSide ?? null,
      dispute: d.dispute ?? 'none',
    };
  });
}

export async function staffCases(token: string, now = new Date()): Promise<TStaffCase[]> {
  const { filter } = await shareScope(token, now);
  const docs = await CaseModel.find(filter).sort({ createdAt: -1 }).limit(LIST_MAX).lean<CaseDoc[]>();
  return present(docs);
}

/** Their side, once per case, optionally asking the manager to rule the rating unfair. */
export async function addStaffSide(
  token: string,
  caseId: string,
  input: { text: string; dispute?: boolean },
  now = new Date(),
): Promise<TStaffCase> {
  const { text, dispute } = ZStaffSideInputSchema.parse(input);
  const { share, filter } = await shareScope(token, now);
  if (!Types.ObjectId.isValid(caseId)) throw notFound('Case');
  const doc = await CaseModel.findOne({ ...filter, _id: caseId }).lean<CaseDoc>();
  if (!doc) throw notFound('Case');
  const person = await StaffModel.findById(share.staff, { name: 1 }).lean();
  const firstName = (person?.name ?? 'Staff member').split(/\s+/)[0]!;
  const opens = dispute && doc.dispute === 'none';
  const events = [
    { at: now, actor: firstName, action: 'side', summary: `${firstName} added their side` },
    ...(opens
      ? [{ at: now, actor: firstName, action: 'dispute', summary: `${firstName} disputed the rating` }]
      : []),
  ];
  const message = {
    _id: new Types.ObjectId(),
    from: 'staff',
    author: firstName,
    channel: 'scorecard',
    text: text.slice(0, CASE_REPLY_MAX),
    at: now,
  };
  const updated = await CaseModel.findOneAndUpdate(
    { _id: doc._id, staffSide: null },
    {
      $set: { staffSide: text, ...(opens ? { dispute: 'open' } : {}) },
      $push: { messages: message, history: { $each: events } },
    },
    { returnDocument: 'after' },
  ).lean<CaseDoc>();
  if (!updated)
    throw new AppError('ALREADY_ADDED', 'You have already added your side to this complaint', 409);
  const [presented] = await present([updated]);
  return presented!;
}
