// /store: a business's stores (CRUD, image, per-store interfaces) and the QR code/poster that open its rating page.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, storeRoute, withApiKey } from './access';
import {
  AREA_SETTING_KEYS,
  QR_PAGE_LANGUAGES,
  ZInheritedFromSchema,
  ZMinRatingIntervalSchema,
  ZQrLanguagesSchema,
} from './area-settings';
import { ZObjectIdSchema } from './common';
import {
  ZStoreCodeSchema,
  ZStoreImportBodySchema,
  ZStoreImportResultSchema,
  ZStoreTagsQuerySchema,
  ZStoreTagsSchema,
} from './store-import.schemas';

const c = initContract();

export const STORE_NAME_MAX = 255;
export const ADDRESS_MAX = 500;

/**
 * True when the runtime's Intl knows the IANA zone; same answer in the browser and in Node.
 * The name pattern comes first because newer Intl also accepts offsets such as "+01:00", which are not IANA zones
 * and would make every DST rule silently disappear.
 */
export function isIanaTimeZone(tz: string): boolean {
  if (!tz || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZoneSchema = z
  .string({ required_error: 'Time zone is required' })
  .trim()
  .min(1, 'Time zone is required')
  .refine(isIanaTimeZone, 'Choose a valid IANA time zone, e.g. Europe/London')
  // Intl matches names case-insensitively; store the canonical spelling so equal zones compare equal.
  .transform((tz) => new Intl.DateTimeFormat('en-GB', { timeZone: tz }).resolvedOptions().timeZone);

/** 24-hour wall-clock time. */
export const ZTimeOfDaySchema = z
  .string({ required_error: 'Time is required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour HH:mm format, e.g. 09:30');

/** A calendar day as YYYY-MM-DD (the date part is checked for existence too). */
export const ZDaySchema = z
  .string({ required_error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the YYYY-MM-DD date format')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'That date does not exist');

/** An absolute http(s) link to a public host; a regex because this package runs without DOM/Node URL typings. */
const WEB_URL_RE =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?::\d{2,5})?(?:[/?#]\S*)?$/i;

/** Optional web link: blank means "none"; otherwise an absolute http(s) URL. */
export const ZOptionalUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Links must be at most 2048 characters')
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || WEB_URL_RE.test(v), 'Must be a valid URL starting with https://');

export const ZSocialLinksSchema = z.object({
  googleReview: ZOptionalUrlSchema.optional(),
  facebook: ZOptionalUrlSchema.optional(),
  instagram: ZOptionalUrlSchema.optional(),
  tripadvisor: ZOptionalUrlSchema.optional(),
  website: ZOptionalUrlSchema.optional(),
});
export type TSocialLinksInput = z.input<typeof ZSocialLinksSchema>;
export const SOCIAL_LINK_KEYS = ['googleReview', 'facebook', 'instagram', 'tripadvisor', 'website'] as const;
export type TSocialLinkKey = (typeof SOCIAL_LINK_KEYS)[number];

/** day: 0 = Sunday … 6 = Saturday (JavaScript's Date#getDay). */
export const ZOpeningHoursDaySchema = z
  .object({
    day: z
      .number()
      .int()
      .min(0, 'Day must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Day must be 0 (Sunday) to 6 (Saturday)'),
    open: ZTimeOfDaySchema,
    close: ZTimeOfDaySchema,
    closed: z.boolean().default(false),
  })
  .refine((h) => h.closed || h.close > h.open, {
    message: 'Closing time must be after opening time',
    path: ['close'],
  });
export type TOpeningHoursDay = z.infer<typeof ZOpeningHoursDaySchema>;

export const ZOpeningHoursSchema = z
  .array(ZOpeningHoursDaySchema)
  .max(7, 'At most one entry per weekday')
  .refine(
    (days) => new Set(days.map((d) => d.day)).size === days.length,
    'Each weekday can appear only once',
  );

const ZStoreFieldsSchema = z.object({
  name: z
    .string({ required_error: 'Store name is required' })
    .trim()
    .min(1, 'Store name is required')
    .max(STORE_NAME_MAX, `Store name must be at most ${STORE_NAME_MAX} characters`),
  address: z
    .string()
    .trim()
    .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`)
    .default(''),
  timeZone: ZTimeZoneSchema,
  openingHours: ZOpeningHoursSchema.default([]),
  socialLinks: ZSocialLinksSchema.default({}),
  /** The chain's own store code (unique among the business's live stores); the CSV import's key. */
  code: ZStoreCodeSchema.default(null),
  tags: ZStoreTagsSchema.default([]),
});

/** The area of the location tree a store sits under (see areas.contract.ts). */
const ZStoreAreaSchema = ZObjectIdSchema;

/**
 * Create payload (POST /store/create). The image is uploaded separately (PUT /store/:id/image); without `area` the
 * store goes under the business's top area. A setting left out (time zone, opening hours, rating interval,
 * languages) is taken from the store's area (area-settings.ts); one sent is the store's own.
 */
export const ZStoreInputSchema = ZStoreFieldsSchema.extend({
  area: ZStoreAreaSchema.optional(),
  timeZone: ZTimeZoneSchema.optional(),
  openingHours: ZOpeningHoursSchema.optional(),
  minRatingIntervalMinutes: ZMinRatingIntervalSchema.optional(),
  languages: ZQrLanguagesSchema.optional(),
});
export type TStoreInput = z.input<typeof ZStoreInputSchema>;

/** Update payload (PUT /store/:id): any subset of the create fields. */
export const ZStoreUpdateSchema = z.object({
  name: ZStoreFieldsSchema.shape.name.optional(),
  address: z.string().trim().max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`).optional(),
  timeZone: ZTimeZoneSchema.optional(),
  openingHours: ZOpeningHoursSchema.optional(),
  socialLinks: ZSocialLinksSchema.optional(),
  /** null or blank removes the code. */
  code: ZStoreCodeSchema.optional(),
  tags: ZStoreTagsSchema.optional(),
  minRatingIntervalMinutes: ZMinRatingIntervalSchema.optional(),
  languages: ZQrLanguagesSchema.optional(),
  /** Settings the store stops setting itself and takes from its area again (a value sent in the same body wins). */
  inherit: z.array(z.enum(AREA_SETTING_KEYS)).optional(),
  /** Moves the store to another area of the business (owners and admins only). */
  area: ZStoreAreaSchema.optional(),
});
export type TStoreUpdate = z.input<typeof ZStoreUpdateSchema>;

export const ZInterfaceStatusSchema = z.object({
  status: z.boolean({ required_error: 'Status is required' }),
});

/** interface1 = rate staff, interface2 = rate experience, interface3 = social media. */
export const ZStoreInterfacesSchema = z.object({
  interface1: ZInterfaceStatusSchema,
  interface2: ZInterfaceStatusSchema,
  interface3: ZInterfaceStatusSchema,
});
export type TStoreInterfaces = z.infer<typeof ZStoreInterfacesSchema>;
export const INTERFACE_KEYS = ['interface1', 'interface2', 'interface3'] as const;
export type TInterfaceKey = (typeof INTERFACE_KEYS)[number];

export const ZStoreInterfacesUpdateSchema = ZStoreInterfacesSchema.partial().refine(
  (v) => Object.keys(v).length > 0,
  'Send at least one of interface1, interface2, interface3',
);
export type TStoreInterfacesUpdate = z.infer<typeof ZStoreInterfacesUpdateSchema>;

const ZSocialLinksOutSchema = z.object({
  googleReview: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  tripadvisor: z.string().nullable(),
  website: z.string().nullable(),
});
export type TSocialLinks = z.infer<typeof ZSocialLinksOutSchema>;

export const ZStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Public URL of the image (/api/v1/files/<key>) or null. */
  image: z.string().nullable(),
  address: z.string(),
  timeZone: z.string(),
  openingHours: z.array(
    z.object({ day: z.number(), open: z.string(), close: z.string(), closed: z.boolean() }),
  ),
  socialLinks: ZSocialLinksOutSchema,
  interfaces: ZStoreInterfacesSchema,
  /** Minutes before one device may rate the same person (or the experience) again; 0: no limit. */
  minRatingIntervalMinutes: z.number(),
  /** The languages its QR pages offer (the customer's browser picks among them; the first is the fallback). */
  languages: z.array(z.enum(QR_PAGE_LANGUAGES)),
  /**
   * The settings above that the store takes from its area, each naming the area that sets it (null: nobody does,
   * the default applies); a setting absent here is the store's own.
   */
  inherited: ZInheritedFromSchema,
  /** The area the store sits under; null only for a store the areas migration has not reached yet. */
  area: z.string().nullable(),
  code: z.string().nullable(),
  tags: z.array(z.string()),
  /** The link the store's QR code opens. */
  rateUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TStore = z.infer<typeof ZStoreSchema>;

const ZIdParams = z.object({ id: ZObjectIdSchema });
const ZStoreMessageSchema = z.object({ message: z.string(), store: ZStoreSchema });

export const ZQrQuerySchema = z.object({
  /** Width in pixels of the PNG (ignored for SVG). Kept a string so the parsed query stays an Express query. */
  size: z
    .string()
    .regex(/^\d{3,4}$/, 'Size must be 128 to 2048')
    .refine((v) => Number(v) >= 128 && Number(v) <= 2048, 'Size must be 128 to 2048')
    .default('512'),
  download: z.enum(['0', '1']).default('0'),
});

export const storesContract = c.router({
  list: {
    method: 'GET',
    path: '/store',
    metadata: businessRoute('stores:read'),
    query: z.object({
      q: z.string().trim().max(255).optional(),
      tags: ZStoreTagsQuerySchema.optional(),
    }),
    responses: { 200: z.object({ stores: z.array(ZStoreSchema) }) },
    summary:
      "The signed-in user's stores (not deleted), sorted by name; q filters by name or code, case-insensitively; tags=a,b keeps stores carrying every one of them",
  },
  import: {
    method: 'POST',
    path: '/stores/import',
    metadata: withApiKey(businessRoute('stores:manage'), 'stores:import'),
    contentType: 'multipart/form-data',
    body: ZStoreImportBodySchema,
    // A confirm whose rows have errors answers 200 too, with applied false: nothing written, the rows say why.
    responses: { 200: ZStoreImportResultSchema },
    summary:
      'Create, update and move stores from a CSV keyed by store code (multipart "file"; columns code, name, area, timezone, address, tags). dryRun=true (default) writes nothing; dryRun=false writes all rows or, with any row error, none (applied false)',
  },
  get: {
    method: 'GET',
    path: '/store/:id',
    metadata: storeRoute('stores:read'),
    pathParams: ZIdParams,
    responses: { 200: z.object({ store: ZStoreSchema }) },
    summary: 'One store',
  },
  create: {
    method: 'POST',
    path: '/store/create',
    metadata: businessRoute('stores:manage'),
    body: ZStoreInputSchema,
    responses: { 201: ZStoreMessageSchema },
    summary: 'Create a store (all three interfaces enabled)',
  },
  update: {
    method: 'PUT',
    path: '/store/:id',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    body: ZStoreUpdateSchema,
    responses: { 200: ZStoreMessageSchema },
    summary: 'Update any of the store fields',
  },
  remove: {
    method: 'DELETE',
    path: '/store/:id',
    metadata: storeRoute('stores:manage'),
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string(), ratingsKept: z.number().int() }) },
    summary: 'Soft delete: the store disappears from lists and its QR stops working; its ratings are kept',
  },
  uploadImage: {
    method: 'PUT',
    path: '/store/:id/image',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    contentType: 'multipart/form-data',
    // The web client sends FormData; the file itself is read from multer, not from this type (which names the
    // part, so the OpenAPI document can describe it as a file).
    body: z.object({ image: z.unknown() }),
    responses: { 200: ZStoreMessageSchema },
    summary: 'Replace the store image (multipart field "image": JPEG, PNG or WebP)',
  },
  removeImage: {
    method: 'DELETE',
    path: '/store/:id/image',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZStoreMessageSchema },
    summary: 'Remove the store image',
  },
  getInterfaces: {
    method: 'GET',
    path: '/store/:id/interfaces',
    metadata: storeRoute('stores:read'),
    pathParams: ZIdParams,
    responses: { 200: z.object({ interfaces: ZStoreInterfacesSchema }) },
    summary: "The store's three customer interfaces and whether each is enabled",
  },
  updateInterfaces: {
    method: 'PUT',
    path: '/store/:id/interfaces',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    body: ZStoreInterfacesUpdateSchema,
    responses: { 200: z.object({ message: z.string(), interfaces: ZStoreInterfacesSchema }) },
    summary: 'Enable or disable any of the three interfaces',
  },
  qrPng: {
    method: 'GET',
    path: '/store/:id/qr.png',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    query: ZQrQuerySchema,
    responses: { 200: c.otherResponse({ contentType: 'image/png', body: z.unknown() }) },
    summary: 'QR code (PNG) opening /rate-staff?store=<id>',
  },
  qrSvg: {
    method: 'GET',
    path: '/store/:id/qr.svg',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    query: ZQrQuerySchema,
    responses: { 200: c.otherResponse({ contentType: 'image/svg+xml', body: z.unknown() }) },
    summary: 'QR code (SVG) opening /rate-staff?store=<id>',
  },
  poster: {
    method: 'GET',
    path: '/store/:id/poster.pdf',
    metadata: storeRoute('stores:write'),
    pathParams: ZIdParams,
    query: z.object({ download: z.enum(['0', '1']).default('0') }),
    responses: { 200: c.otherResponse({ contentType: 'application/pdf', body: z.unknown() }) },
    summary: 'Printable A4 poster: store name, QR code and an anonymous-feedback call to action',
  },
});
