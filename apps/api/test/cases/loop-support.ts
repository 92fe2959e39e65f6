// Cases for the loop tests (reply, link, staff side, ruling): a store with a rating naming a staff member, its contact request and its case, built directly.
import type { Types } from 'mongoose';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { settleRatingRollups } from '../../src/modules/feedback/pipeline';
import { rollupWork } from '../../src/modules/ratings/pending-work';
import { RatingModel, type RatingDoc } from '../../src/modules/ratings/rating.model';
import { localDay, localHour } from '../../src/lib/time';
import { makeShop, type Shop } from '../feedback/support';

let numbers = 0;

/** A rating stored as the submit path stores it (with its owed +1) and its rollups applied. */
export async function ratedWithRollups(
  shop: Shop,
  fields: { score: number; staff?: Types.ObjectId | null; comment?: string; kind?: 'staff' | 'experience' },
  at = new Date(),
): Promise<RatingDoc> {
  const doc = await RatingModel.create({
    business: shop.business.id,
    store: shop.store._id,
    kind: fields.kind ?? 'staff',
    staff: fields.staff ?? null,
    score: fields.score,
    comment: fields.comment ?? '',
    day: localDay(at, shop.store.timeZone),
    hour: localHour(at, shop.store.timeZone),
    createdAt: at,
    pending: [rollupWork(1, at)],
  });
  const rating = doc.toObject() as unknown as RatingDoc;
  await settleRatingRollups(rating);
  return (await RatingModel.findById(rating._id).lean<RatingDoc>())!;
}

export interface LoopCase {
  shop: Shop;
  caseId: string;
  rating: RatingDoc;
  contactId: Types.ObjectId | null;
}

/** A 1★ rating of Alice with a comment, the customer's contact request (unless `contact: null`) and its case. */
export async function makeLoopCase(
  opts: {
    shop?: Shop;
    contact?: { email?: string; phone?: string } | null;
    status?: 'new' | 'in_progress' | 'waiting' | 'resolved' | 'closed';
    comment?: string;
  } = {},
): Promise<LoopCase> {
  const shop = opts.shop ?? (await makeShop({ name: 'Harbour Street' }));
  const rating = await ratedWithRollups(shop, {
    score: 1,
    staff: shop.alice._id,
    comment: opts.comment ?? 'My order was wrong and Alice was rude',
  });
  const contact =
    opts.contact === null
      ? null
      : await ContactRequestModel.create({
          business: shop.business.id,
          store: shop.store._id,
          rating: rating._id,
          email: opts.contact?.email ?? (opts.contact?.phone ? null : 'jo.customer@example.com'),
          phone: opts.contact?.phone ?? null,
          phoneDigits: opts.contact?.phone?.replace(/\D/g, '') ?? null,
          consentAt: new Date(),
        });
  numbers += 1;
  const doc = await CaseModel.create({
    business: shop.business.id,
    store: shop.store._id,
    number: numbers,
    rating: rating._id,
    staff: shop.alice._id,
    reason: contact ? 'contact_request' : 'low_with_comment',
    summary: '1★ with a comment',
    status: opts.status ?? 'new',
    dueAt: new Date(Date.now() + 86_400_000),
    contact: contact?._id ?? null,
  });
  return { shop, caseId: String(doc._id), rating, contactId: contact?._id ?? null };
}

/** The path part of a mailed reply link (`…/reply/<token>`). */
export function tokenIn(text: string): string {
  const m = /\/reply\/([A-Za-z0-9_.-]+)/.exec(text);
  if (!m) throw new Error(`no reply link in: ${text.slice(0, 300)}`);
  return m[1]!;
}
