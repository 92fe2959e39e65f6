// The submit path's side of a contact request: refused above 3★, stored once per rating before the rating exists.
import { CHIP_MESSAGES, chipBandOf, type TContactRequest } from '@cx/contracts';
import type { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { ContactRequestModel } from '../cases/contact.model';

/** A contact request only comes with a 1–3★ rating (400 on `contact` otherwise): nobody is asked to vouch for praise. */
export function refuseContactAbove3(score: number, contact: TContactRequest | undefined): void {
  if (contact && chipBandOf(score) !== 'bad') {
    throw new AppError('VALIDATION_ERROR', CHIP_MESSAGES.contactHighScore, 400, {
      contact: [CHIP_MESSAGES.contactHighScore],
    });
  }
}

export const phoneDigitsOf = (phone: string | null | undefined): string | null => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits || null;
};

/**
 * Stored before the rating is inserted (so no reaction, even the drainer's after a crash, can see the rating without
 * it), keyed by the rating's id: a repeat of the same write is a no-op ($setOnInsert), so a retry stores one.
 */
export async function storeContactRequest(
  ids: { business: Types.ObjectId; store: Types.ObjectId; rating: Types.ObjectId },
  contact: TContactRequest,
  now: Date,
): Promise<void> {
  const email = contact.email?.trim().toLowerCase() || null;
  const phone = contact.phone?.trim() || null;
  await ContactRequestModel.updateOne(
    { rating: ids.rating },
    {
      $setOnInsert: {
        business: ids.business,
        store: ids.store,
        rating: ids.rating,
        email,
        phone,
        phoneDigits: phoneDigitsOf(phone),
        consentAt: now,
        erasedAt: null,
        eraseAt: null,
      },
    },
    { upsert: true },
  );
}

/** The rating never made it in (a twin won the race): its request goes too. */
export async function dropContactRequest(rating: Types.ObjectId): Promise<void> {
  await ContactRequestModel.deleteOne({ rating, erasedAt: null });
}
