// /onboarding: a new business's first-run step (its name, how many stores) and the Snapshot's setup checklist.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';

const c = initContract();

/** The checklist's items, in the order an owner sets a chain up. */
export const SETUP_ITEMS = ['stores', 'staff', 'rota', 'posters', 'phone-test', 'invite'] as const;
export const ZSetupItemKeySchema = z.enum(SETUP_ITEMS);
export type TSetupItemKey = z.infer<typeof ZSetupItemKeySchema>;

/** The first run can add the stores it was told about, up to this many (a bigger chain imports them). */
export const FIRST_RUN_MAX_NEW_STORES = 50;
export const STORES_PLANNED_MAX = 10_000;

export const ONBOARDING_MESSAGES = {
  businessNameRequired: 'Business name is required',
  businessNameTooLong: 'Business name must be at most 255 characters',
  storesPlanned: `Number of stores must be a whole number from 1 to ${STORES_PLANNED_MAX.toLocaleString('en-GB')}`,
  tooManyNewStores: `Up to ${FIRST_RUN_MAX_NEW_STORES} stores can be added here; add more from Manage Stores (CSV import)`,
} as const;

export const ZFirstRunSchema = z
  .object({
    businessName: z
      .string({ required_error: ONBOARDING_MESSAGES.businessNameRequired })
      .trim()
      .min(1, ONBOARDING_MESSAGES.businessNameRequired)
      .max(255, ONBOARDING_MESSAGES.businessNameTooLong),
    storesPlanned: z
      .number({
        required_error: ONBOARDING_MESSAGES.storesPlanned,
        invalid_type_error: ONBOARDING_MESSAGES.storesPlanned,
      })
      .int(ONBOARDING_MESSAGES.storesPlanned)
      .min(1, ONBOARDING_MESSAGES.storesPlanned)
      .max(STORES_PLANNED_MAX, ONBOARDING_MESSAGES.storesPlanned),
    /** Add the stores not created yet, named after the business (renamed any time on Manage Stores). */
    createStores: z.boolean().default(false),
  })
  .refine((v) => !v.createStores || v.storesPlanned <= FIRST_RUN_MAX_NEW_STORES, {
    path: ['createStores'],
    message: ONBOARDING_MESSAGES.tooManyNewStores,
  });
export type TFirstRun = z.input<typeof ZFirstRunSchema>;

export const ZSetupItemSchema = z.object({
  key: ZSetupItemKeySchema,
  done: z.boolean(),
  /** How many there are (stores, staff, shifts, ratings, members and invitations; posters downloaded). */
  count: z.number().int(),
});
export type TSetupItem = z.infer<typeof ZSetupItemSchema>;

export const ZOnboardingSchema = z.object({
  /** A business founded by sign-up still owes its first-run step (name and number of stores). */
  firstRunPending: z.boolean(),
  /** The checklist is shown: a business that started with sign-up, not dismissed, not every item done. */
  showChecklist: z.boolean(),
  dismissed: z.boolean(),
  businessName: z.string(),
  storesPlanned: z.number().int().nullable(),
  /** The first live store: "test with your phone" opens its rating page. */
  firstStoreId: ZObjectIdSchema.nullable(),
  items: z.array(ZSetupItemSchema),
});
export type TOnboarding = z.infer<typeof ZOnboardingSchema>;

export const ZChecklistDismissSchema = z.object({
  dismissed: z.boolean({
    required_error: 'dismissed must be true or false',
    invalid_type_error: 'dismissed must be true or false',
  }),
});

const setup = businessRoute('business:setup');

export const onboardingContract = c.router({
  get: {
    method: 'GET',
    path: '/onboarding',
    metadata: setup,
    responses: { 200: ZOnboardingSchema },
    summary: 'The first-run state and the setup checklist, each item ticked from the business’s own records',
  },
  firstRun: {
    method: 'PUT',
    path: '/onboarding/first-run',
    metadata: setup,
    body: ZFirstRunSchema,
    responses: { 200: ZOnboardingSchema },
    summary: 'Name the business and say how many stores it has (optionally adding the stores not created yet)',
  },
  dismiss: {
    method: 'PUT',
    path: '/onboarding/checklist',
    metadata: setup,
    body: ZChecklistDismissSchema,
    responses: { 200: ZOnboardingSchema },
    summary: 'Hide (or show again) the Snapshot’s setup checklist for the whole business',
  },
});
