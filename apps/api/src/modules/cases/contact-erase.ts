// Erasing customers' contact details (retention and data-subject requests): the request keeps its shell, the case its
// history, the customer's own words become "[erased]" and the case's reply link dies (its nonce rotated).
import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { CaseModel } from './case.model';
import { ContactRequestModel } from './contact.model';

export const ERASED_TEXT = '[erased]';

/**
 * Nulls the details of these requests (those not erased yet) and scrubs their cases; answers how many requests it
 * erased. Safe to repeat: an erased request is skipped, a case already scrubbed is scrubbed to the same result.
 */
export async function eraseContactRequests(
  ids: readonly Types.ObjectId[],
  now: Date,
  why: 'retention' | 'request',
): Promise<number> {
  if (!ids.length) return 0;
  const res = await ContactRequestModel.updateMany(
    { _id: { $in: ids }, erasedAt: null },
    { $set: { email: null, phone: null, phoneDigits: null, erasedAt: now, eraseAt: null } },
  );
  const cases = await CaseModel.find({ contact: { $in: ids } }, { _id: 1 }).lean();
  for (const c of cases) {
    await CaseModel.updateOne(
      { _id: c._id },
      {
        $set: { 'messages.$[m].text': ERASED_TEXT, linkNonce: randomBytes(16).toString('base64url') },
        $push: {
          history: {
            at: now,
            actor: 'System',
            action: 'erased',
            summary:
              why === 'retention'
                ? "The customer's contact details were erased after the retention period"
                : "The customer's contact details were erased at their request",
          },
        },
      },
      { arrayFilters: [{ 'm.from': 'customer' }] },
    );
  }
  return res.modifiedCount;
}
