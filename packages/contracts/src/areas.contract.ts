// /areas: the business's location tree (regions, districts, … any depth) under one root area named after the business.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';
import {
  AREA_SETTING_MESSAGES,
  QR_PAGE_LANGUAGES,
  ZMinRatingIntervalSchema,
  ZQrLanguagesSchema,
} from './area-settings';
import { ZOpeningHoursSchema, ZTimeZoneSchema } from './stores.contract';

const c = initContract();

export const AREA_NAME_MAX = 120;

export const AREA_MESSAGES = {
  nameRequired: 'Area name is required',
  nameTooLong: `Area name must be at most ${AREA_NAME_MAX} characters`,
  duplicate: 'Another area with this name already sits here',
  cycle: 'An area cannot be moved under itself or one of its own areas',
  rootMove: 'The top area cannot be moved or deleted',
  notEmpty: 'Move or delete the stores and areas inside this area first',
  nothingToChange: 'Change the name, the parent or a setting',
  moveStoreForbidden: 'Only owners and admins can move a store to another area',
  ...AREA_SETTING_MESSAGES,
} as const;

/** PATCH/POST: each setting optional; null stops setting it here (the area then passes on what is above it). */
export const ZAreaSettingsInputSchema = z.object({
  timeZone: ZTimeZoneSchema.nullable().optional(),
  openingHours: ZOpeningHoursSchema.nullable().optional(),
  minRatingIntervalMinutes: ZMinRatingIntervalSchema.nullable().optional(),
  languages: ZQrLanguagesSchema.nullable().optional(),
});
export type TAreaSettingsInput = z.input<typeof ZAreaSettingsInputSchema>;

/** What an area sets itself (a key is absent when it passes on its parent's). */
export const ZAreaSettingsSchema = z.object({
  timeZone: z.string().optional(),
  openingHours: z
    .array(z.object({ day: z.number(), open: z.string(), close: z.string(), closed: z.boolean() }))
    .optional(),
  minRatingIntervalMinutes: z.number().optional(),
  languages: z.array(z.enum(QR_PAGE_LANGUAGES)).optional(),
});
export type TAreaSettings = z.infer<typeof ZAreaSettingsSchema>;

const ZAreaNameSchema = z
  .string({ required_error: AREA_MESSAGES.nameRequired, invalid_type_error: AREA_MESSAGES.nameRequired })
  .trim()
  .min(1, AREA_MESSAGES.nameRequired)
  .max(AREA_NAME_MAX, AREA_MESSAGES.nameTooLong);

const ZParentSchema = ZObjectIdSchema.describe('The parent area; absent: the top area');

export const ZAreaInputSchema = z.object({
  name: ZAreaNameSchema,
  parent: ZParentSchema.optional(),
  settings: ZAreaSettingsInputSchema.optional(),
});
export type TAreaInput = z.input<typeof ZAreaInputSchema>;

export const ZAreaUpdateSchema = z
  .object({
    name: ZAreaNameSchema.optional(),
    parent: ZParentSchema.optional(),
    settings: ZAreaSettingsInputSchema.optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.parent !== undefined || v.settings !== undefined,
    AREA_MESSAGES.nothingToChange,
  );
export type TAreaUpdate = z.input<typeof ZAreaUpdateSchema>;

export const ZAreaSchema = z.object({
  _id: ZObjectIdSchema,
  name: z.string(),
  /** Null only for the business's top area, which every other area sits under. */
  parent: ZObjectIdSchema.nullable(),
  /** The settings this area sets for the stores below it (absent keys: passed on from above). */
  settings: ZAreaSettingsSchema.optional(),
});
export type TArea = z.infer<typeof ZAreaSchema>;

const ZId = z.object({ id: ZObjectIdSchema });

export const areasContract = c.router({
  list: {
    method: 'GET',
    path: '/areas',
    metadata: businessRoute('areas:read'),
    responses: { 200: z.object({ areas: z.array(ZAreaSchema) }) },
    summary:
      "The business's areas, parents before children (members limited to some stores see only the areas above them)",
  },
  create: {
    method: 'POST',
    path: '/areas',
    metadata: businessRoute('areas:manage'),
    body: ZAreaInputSchema,
    responses: { 201: ZAreaSchema },
    summary: 'Add an area under `parent` (default: the top area); names are unique among siblings',
  },
  update: {
    method: 'PATCH',
    path: '/areas/:id',
    metadata: businessRoute('areas:manage'),
    pathParams: ZId,
    body: ZAreaUpdateSchema,
    responses: { 200: ZAreaSchema },
    summary: 'Rename or move an area with everything under it (409 when moved under itself)',
  },
  remove: {
    method: 'DELETE',
    path: '/areas/:id',
    metadata: businessRoute('areas:manage'),
    pathParams: ZId,
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string() }) },
    summary: 'Delete an empty area (409 while it holds stores or areas; the top area stays)',
  },
});
