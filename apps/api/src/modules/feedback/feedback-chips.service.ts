// Which chips a rating form offers per score band, a business's own lists, and checking a submit's tags against them.
import {
  CHIP_MESSAGES,
  chipBandOf,
  DEFAULT_CHIPS,
  ZChipListsSchema,
  type TChipListsInput,
  type TFeedbackChips,
} from '@cx/contracts';
import { coalescedRead } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import type { Types } from 'mongoose';
import { FeedbackChipsModel } from './feedback-chips.model';

type BusinessId = Types.ObjectId | string;

const listsOf = (doc: {
  staff: { good: string[]; bad: string[] };
  experience: { good: string[]; bad: string[] };
}): TChipListsInput => ({
  staff: { good: [...doc.staff.good], bad: [...doc.staff.bad] },
  experience: { good: [...doc.experience.good], bad: [...doc.experience.bad] },
});

/** The business's own lists, or null when it uses the defaults (a busy store's concurrent reads share one). */
export async function customChipsOf(business: BusinessId): Promise<TChipListsInput | null> {
  const doc = await coalescedRead(`chips:${String(business)}`, () =>
    FeedbackChipsModel.findOne({ business }, { staff: 1, experience: 1 }).lean(),
  );
  return doc ? listsOf(doc) : null;
}

/**
 * 400 on `tags` for a chip that is not in the list for the rating's form and score band (a 1★ rating cannot say
 * "Friendly"); reads the business's lists only when the rating carries tags.
 */
export async function checkRatingTags(
  business: BusinessId,
  kind: 'staff' | 'experience',
  score: number,
  tags: readonly string[] | undefined,
): Promise<void> {
  if (!tags?.length) return;
  const lists = (await customChipsOf(business)) ?? DEFAULT_CHIPS;
  const band = chipBandOf(score);
  const allowed = lists[kind][band];
  if (tags.every((t) => allowed.includes(t))) return;
  const message = band === 'bad' ? CHIP_MESSAGES.notWentWrong : CHIP_MESSAGES.notStoodOut;
  throw new AppError('VALIDATION_ERROR', message, 400, { tags: [message] });
}

export async function getChips(access: Access): Promise<TFeedbackChips> {
  const custom = await customChipsOf(access.businessId);
  return { custom: !!custom, chips: custom ?? DEFAULT_CHIPS };
}

const describe = (l: TChipListsInput) =>
  `staff good: ${l.staff.good.join(', ')}; staff bad: ${l.staff.bad.join(', ')}; experience good: ${l.experience.good.join(', ')}; experience bad: ${l.experience.bad.join(', ')}`;

export async function putChips(access: Access, input: TChipListsInput): Promise<TFeedbackChips> {
  const chips = ZChipListsSchema.parse(input);
  const before = await customChipsOf(access.businessId);
  await FeedbackChipsModel.updateOne(
    { business: access.businessId },
    { $set: { staff: chips.staff, experience: chips.experience } },
    { upsert: true },
  );
  await recordAudit(access, {
    kind: 'settings',
    action: 'feedback-chips.update',
    summary: 'Changed the rating chips',
    before: { chips: before ? describe(before) : 'defaults' },
    after: { chips: describe(chips) },
  });
  return { custom: true, chips };
}

export async function resetChips(access: Access): Promise<TFeedbackChips> {
  const before = await customChipsOf(access.businessId);
  if (before) {
    await FeedbackChipsModel.deleteOne({ business: access.businessId });
    await recordAudit(access, {
      kind: 'settings',
      action: 'feedback-chips.reset',
      summary: 'Went back to the standard rating chips',
      before: { chips: describe(before) },
      after: { chips: 'defaults' },
    });
  }
  return { custom: false, chips: DEFAULT_CHIPS };
}
