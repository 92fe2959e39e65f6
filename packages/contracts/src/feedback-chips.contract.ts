// /feedback-chips: a business's own "What stood out?" (4–5★) and "What went wrong?" (1–3★) chips per rating form.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { CHIP_MAX_LENGTH, CHIPS_MAX } from './customer.constants';

const c = initContract();

export const CHIP_MESSAGES = {
  empty: 'A chip needs a label',
  tooLong: `A chip can be up to ${CHIP_MAX_LENGTH} characters`,
  tooMany: `At most ${CHIPS_MAX} chips per list`,
  none: 'Keep at least one chip in each list',
  duplicate: 'Each chip must be different',
  notWentWrong: 'Choose what went wrong from the list',
  notStoodOut: 'Choose what stood out from the list',
  contactHighScore: 'A contact request can only come with a rating of 1 to 3 stars',
} as const;

const ZChipListSchema = z
  .array(z.string().trim().min(1, CHIP_MESSAGES.empty).max(CHIP_MAX_LENGTH, CHIP_MESSAGES.tooLong))
  .min(1, CHIP_MESSAGES.none)
  .max(CHIPS_MAX, CHIP_MESSAGES.tooMany)
  .refine((l) => new Set(l.map((x) => x.toLowerCase())).size === l.length, CHIP_MESSAGES.duplicate);

const ZChipBandsSchema = z.object({ good: ZChipListSchema, bad: ZChipListSchema });

/** Both forms' lists: `good` at 4–5★, `bad` at 1–3★. */
export const ZChipListsSchema = z.object({ staff: ZChipBandsSchema, experience: ZChipBandsSchema });
export type TChipListsInput = z.infer<typeof ZChipListsSchema>;

/** The lists in use and whether they are the business's own (false: the product's translated defaults). */
export const ZFeedbackChipsSchema = z.object({ custom: z.boolean(), chips: ZChipListsSchema });
export type TFeedbackChips = z.infer<typeof ZFeedbackChipsSchema>;

export const feedbackChipsContract = c.router({
  get: {
    method: 'GET',
    path: '/feedback-chips',
    responses: { 200: ZFeedbackChipsSchema },
    summary: 'The chips the QR pages offer for each form and score band',
    metadata: businessRoute('cases:read'),
  },
  put: {
    method: 'PUT',
    path: '/feedback-chips',
    body: ZChipListsSchema,
    responses: { 200: ZFeedbackChipsSchema },
    summary: "Replace the chips with the business's own (shown as typed, untranslated)",
    metadata: businessRoute('cases:settings'),
  },
  reset: {
    method: 'DELETE',
    path: '/feedback-chips',
    responses: { 200: ZFeedbackChipsSchema },
    summary: "Go back to the product's translated chips",
    metadata: businessRoute('cases:settings'),
  },
});
