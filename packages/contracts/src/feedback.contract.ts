// The anonymous customer journey (public, no token): the store's public face with staff on shift, visits, ratings, social clicks.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ZBrandSchema } from './brand.schemas';
import { ZContactRequestSchema } from './cases.schemas';
import { ZObjectIdSchema } from './common';
import { CHIP_MAX_LENGTH, FEEDBACK_PATHS, RATING_COMMENT_MAX, SOCIAL_NETWORKS } from './customer.constants';
import { ZChipListsSchema } from './feedback-chips.contract';

const c = initContract();

export {
  API_PREFIX,
  CHIP_MAX_LENGTH,
  CHIPS_MAX,
  chipBandOf,
  DEFAULT_CHIPS,
  EXPERIENCE_BAD_TAGS,
  EXPERIENCE_TAGS,
  STAFF_BAD_TAGS,
  type TChipBand,
  FEEDBACK_PATHS,
  IMAGE_WIDTHS,
  RATING_COMMENT_MAX,
  SOCIAL_NETWORKS,
  STAFF_TAGS,
  type TSocialNetwork,
} from './customer.constants';

export const ZRatingScoreSchema = z
  .number({ required_error: 'Please choose a rating from 1 to 5 stars' })
  .int('Please choose a rating from 1 to 5 stars')
  .min(1, 'Please choose a rating from 1 to 5 stars')
  .max(5, 'Please choose a rating from 1 to 5 stars');

export const ZRatingCommentSchema = z
  .string()
  .trim()
  .max(RATING_COMMENT_MAX, 'Comments can be up to 1,000 characters');

/** A client-made key (UUID or similar): a retried submit with the same key is stored once and answered the same. */
export const ZIdempotencyKeySchema = z
  .string()
  .min(8, 'Invalid submission key')
  .max(100, 'Invalid submission key')
  .regex(/^[\w-]+$/, 'Invalid submission key');

/**
 * Kept for old clients, never trusted: the server decides a submit is 'kiosk' only from a valid enrolled kiosk
 * credential (the body's `kiosk`), and stores every other submit as 'qr'.
 */
export const ZFeedbackSourceSchema = z.enum(['qr', 'kiosk']);
export type TFeedbackSource = z.infer<typeof ZFeedbackSourceSchema>;

const ZSubmitBaseSchema = z.object({
  store: ZObjectIdSchema,
  idempotencyKey: ZIdempotencyKeySchema,
  source: ZFeedbackSourceSchema.default('qr'),
  /**
   * The browser's server-issued device id (POST /feedback/device); only a salted hash of it is stored. Missing or not
   * one the server signed: the request counts as its network, not as a device.
   */
  deviceId: z.string().max(100).optional(),
  /** An enrolled kiosk tablet's credential (POST /stores/:id/kiosks): only valid for the store it was enrolled for. */
  kiosk: z.string().max(100).optional(),
  /** Honeypot: a form field real customers never see; anything in it is refused (named `contact` before #37). */
  homepage: z.string().max(1000).optional(),
});

const ZRatingFieldsSchema = ZSubmitBaseSchema.extend({
  score: ZRatingScoreSchema,
  comment: ZRatingCommentSchema.optional(),
  /**
   * Chip labels as stored (canonical English, or the business's own): the service checks each against the list for the
   * score's band (1–3★ "What went wrong?", 4–5★ "What stood out?") and answers 400 on `tags` otherwise.
   */
  tags: z.array(z.string().trim().min(1).max(CHIP_MAX_LENGTH)).max(10).optional(),
  /** After 1–3★ only: the customer asks to be contacted (refused with 400 at 4–5★); without it the rating stays anonymous. */
  // A queued submit from before #37 carries the old honeypot's empty string here: taken as no request.
  contact: z.preprocess((v) => (v === '' ? undefined : v), ZContactRequestSchema.optional()),
});

export const ZStaffRatingSubmitSchema = ZRatingFieldsSchema.extend({ staff: ZObjectIdSchema });
export type TStaffRatingSubmit = z.input<typeof ZStaffRatingSubmitSchema>;
export const ZExperienceRatingSubmitSchema = ZRatingFieldsSchema;
export type TExperienceRatingSubmit = z.input<typeof ZExperienceRatingSubmitSchema>;

export const ZVisitSubmitSchema = ZSubmitBaseSchema;
export type TVisitSubmit = z.input<typeof ZVisitSubmitSchema>;
export const ZSocialClickSubmitSchema = ZSubmitBaseSchema.extend({ network: z.enum(SOCIAL_NETWORKS) });
export type TSocialClickSubmit = z.input<typeof ZSocialClickSubmitSchema>;

/** What an accepted rating answers; a retry with the same key gets exactly this again. */
export const ZRatingReceiptSchema = z.object({ _id: z.string(), receivedAt: z.string() });
export type TRatingReceipt = z.infer<typeof ZRatingReceiptSchema>;

/** tracked is false once the business has used its plan's tracked-visit allowance this month. */
export const ZVisitReceiptSchema = z.object({ tracked: z.boolean() });
export const ZSocialClickReceiptSchema = z.object({ url: z.string() });

/** A server-signed id for this browser: the client keeps it and sends it as `deviceId` with every submit. */
export const ZDeviceIssuedSchema = z.object({ deviceId: z.string() });
export type TDeviceIssued = z.infer<typeof ZDeviceIssuedSchema>;

export const ZCustomerStaffSchema = z.object({
  _id: z.string(),
  /** First name only: customers see who served them, not a full name. */
  firstName: z.string(),
  role: z.string(),
  photo: z.string().nullable(),
});
export type TCustomerStaff = z.infer<typeof ZCustomerStaffSchema>;

export const ZCustomerStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** interface1 = rate staff, interface2 = rate experience, interface3 = social media. */
  interfaces: z.object({ staff: z.boolean(), experience: z.boolean(), social: z.boolean() }),
  socialLinks: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
  /** Staff offered for rating: those on shift now, or every active member when nobody is (onShift false). */
  staff: z.array(ZCustomerStaffSchema),
  onShift: z.boolean(),
  /** False until the store has any rota: the page then shows the team without saying anything about shifts. */
  hasRota: z.boolean(),
  /** The languages the store's QR pages offer (its own or its area's), the first the fallback. */
  languages: z.array(z.string()).optional(),
  /** The chain's logo and colour for the header beside "100% Anonymous!" (absent in copies remembered before #36). */
  brand: ZBrandSchema.optional(),
  /** The business's own chip lists, when it replaced the product's (shown as typed, untranslated); absent: defaults. */
  chips: ZChipListsSchema.optional(),
});
export type TCustomerStore = z.infer<typeof ZCustomerStoreSchema>;

const publicRoute = { public: true } as const;

export const feedbackContract = c.router({
  getStore: {
    method: 'GET',
    path: FEEDBACK_PATHS.getStore,
    pathParams: z.object({ storeId: ZObjectIdSchema }),
    responses: { 200: ZCustomerStoreSchema },
    summary:
      "Everything the customer pages need in one round trip: the store's public face and the staff to rate",
    metadata: publicRoute,
  },
  recordVisit: {
    method: 'POST',
    path: FEEDBACK_PATHS.recordVisit,
    body: ZVisitSubmitSchema,
    responses: { 201: ZVisitReceiptSchema },
    summary: 'A QR open: counts as a tracked visit for the store',
    metadata: publicRoute,
  },
  rateStaff: {
    method: 'POST',
    path: FEEDBACK_PATHS.rateStaff,
    body: ZStaffRatingSubmitSchema,
    responses: { 201: ZRatingReceiptSchema },
    summary: 'Rate a staff member of the store (interface 1)',
    metadata: publicRoute,
  },
  rateExperience: {
    method: 'POST',
    path: FEEDBACK_PATHS.rateExperience,
    body: ZExperienceRatingSubmitSchema,
    responses: { 201: ZRatingReceiptSchema },
    summary: 'Rate the overall experience at the store (interface 2)',
    metadata: publicRoute,
  },
  recordSocialClick: {
    method: 'POST',
    path: FEEDBACK_PATHS.recordSocialClick,
    body: ZSocialClickSubmitSchema,
    responses: { 201: ZSocialClickReceiptSchema },
    summary: "A click on one of the store's social/review links (interface 3); answers the link",
    metadata: publicRoute,
  },
  issueDevice: {
    method: 'POST',
    path: FEEDBACK_PATHS.issueDevice,
    body: c.noBody(),
    responses: { 201: ZDeviceIssuedSchema },
    summary: 'A new signed device id for this browser, asked once and kept; limited per network',
    metadata: publicRoute,
  },
});
