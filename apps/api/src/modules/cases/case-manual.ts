// Opening a case by hand from a rating the member can see (409 with the existing case when the rating has one).
import type { TCaseOpen, TCasePriority } from '@cx/contracts';
import { Types } from 'mongoose';
import { notFound } from '../../lib/errors';
import { coversStore, type Access } from '../../tenancy/access';
import { RatingModel } from '../ratings/rating.model';
import { actorName } from './case-actor';
import { publishCaseEventLogged } from './case-events';
import { openCase } from './case-open';
import type { CaseDoc } from './case.model';
import { ContactRequestModel } from './contact.model';

export async function openCaseByHand(
  access: Access,
  input: TCaseOpen,
): Promise<{ doc: CaseDoc; created: boolean }> {
  if (!Types.ObjectId.isValid(input.rating)) throw notFound('Rating');
  const rating = await RatingModel.findOne(
    { _id: input.rating, business: access.businessId },
    { store: 1, staff: 1, score: 1 },
  ).lean();
  if (!rating || !coversStore(access, String(rating.store))) throw notFound('Rating');
  const [contact, name] = await Promise.all([
    ContactRequestModel.findOne({ rating: rating._id }, { _id: 1 }).lean(),
    actorName(access),
  ]);
  const priority: TCasePriority = input.priority ?? (contact || rating.score <= 1 ? 'high' : 'normal');
  const result = await openCase({
    business: access.businessId,
    store: rating.store,
    rating: { _id: rating._id, staff: rating.staff ?? null },
    reason: 'manual',
    summary: `${rating.score}★ rating, opened by hand`,
    priority,
    contact: contact?._id ?? null,
    by: { access, name },
    note: input.note || undefined,
  });
  if (result.created) await publishCaseEventLogged('case.opened', result.doc);
  return result;
}
