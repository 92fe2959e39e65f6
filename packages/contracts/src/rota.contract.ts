// /rota: shifts by store and week (entered in the store's local time), copy a week, and who is on shift at an instant.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';
import { ZRotaImportBodySchema, ZRotaImportResultSchema } from './rota-import.schemas';
import { ZDaySchema, ZTimeOfDaySchema } from './stores.contract';

const c = initContract();

/**
 * A shift as the manager types it: the store-local date it starts and two wall-clock times.
 * An end at or before the start means the shift runs past midnight into the next day.
 */
export const ZShiftInputSchema = z
  .object({
    store: ZObjectIdSchema,
    staff: ZObjectIdSchema,
    date: ZDaySchema,
    start: ZTimeOfDaySchema,
    end: ZTimeOfDaySchema,
  })
  .refine((s) => s.start !== s.end, { message: 'End time must be different from start time', path: ['end'] });
export type TShiftInput = z.infer<typeof ZShiftInputSchema>;

/** Move or edit a shift: any field left out keeps its current (store-local) value. */
export const ZShiftUpdateSchema = z
  .object({
    staff: ZObjectIdSchema.optional(),
    date: ZDaySchema.optional(),
    start: ZTimeOfDaySchema.optional(),
    end: ZTimeOfDaySchema.optional(),
  })
  .refine((s) => Object.keys(s).length > 0, 'Send at least one of staff, date, start, end')
  .refine((s) => !s.start || !s.end || s.start !== s.end, {
    message: 'End time must be different from start time',
    path: ['end'],
  });
export type TShiftUpdate = z.infer<typeof ZShiftUpdateSchema>;

export const ZShiftSchema = z.object({
  _id: z.string(),
  store: z.string(),
  staff: z.string(),
  /** Store-local date the shift starts (YYYY-MM-DD). */
  day: z.string(),
  /** UTC instants (ISO 8601). */
  start: z.string(),
  end: z.string(),
  /** Store-local wall-clock times (HH:mm) and the local date the shift ends. */
  startTime: z.string(),
  endTime: z.string(),
  endDay: z.string(),
  durationMinutes: z.number(),
});
export type TShift = z.infer<typeof ZShiftSchema>;

export const ZRotaStoreSchema = z.object({ _id: z.string(), name: z.string(), timeZone: z.string() });

/** A row of the rota grid: everyone working at the store, plus anyone else who has a shift that week. */
export const ZRotaStaffSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  role: z.string(),
  active: z.boolean(),
  /** False for a person who has a shift this week but no longer works at this store (or was deleted). */
  worksHere: z.boolean(),
});
export type TRotaStaff = z.infer<typeof ZRotaStaffSchema>;

export const ZRotaWeekSchema = z.object({
  store: ZRotaStoreSchema,
  staff: z.array(ZRotaStaffSchema),
  /** Monday of the week (store-local). */
  weekStart: z.string(),
  /** The seven store-local dates, Monday first. */
  days: z.array(z.string()),
  shifts: z.array(ZShiftSchema),
});
export type TRotaWeek = z.infer<typeof ZRotaWeekSchema>;

export const ZRotaWeekQuerySchema = z.object({
  store: ZObjectIdSchema,
  /** Any date in the wanted week; defaults to the current week in the store's time zone. */
  week: ZDaySchema.optional(),
});

export const ZCopyWeekInputSchema = z.object({
  store: ZObjectIdSchema,
  /** Any date in the week to fill; the week before it is copied. */
  week: ZDaySchema,
});
export type TCopyWeekInput = z.infer<typeof ZCopyWeekInputSchema>;

export const ZOnShiftQuerySchema = z.object({
  store: ZObjectIdSchema.optional(),
  /** The instant to ask about (ISO 8601 with offset); defaults to now. */
  at: z
    .string()
    .datetime({ offset: true, message: 'Use an ISO 8601 date-time, e.g. 2025-03-30T09:00:00Z' })
    .optional(),
});

export const ZOnShiftStaffSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  role: z.string(),
  shift: ZShiftSchema,
});

export const ZOnShiftStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  timeZone: z.string(),
  /** The asked-about instant in the store's time zone. */
  localDay: z.string(),
  localTime: z.string(),
  staff: z.array(ZOnShiftStaffSchema),
});
export type TOnShiftStore = z.infer<typeof ZOnShiftStoreSchema>;

const ZIdParams = z.object({ id: ZObjectIdSchema });
const ZShiftMessageSchema = z.object({ message: z.string(), shift: ZShiftSchema });

export const rotaContract = c.router({
  week: {
    method: 'GET',
    path: '/rota',
    metadata: businessRoute('rota:read'),
    query: ZRotaWeekQuerySchema,
    responses: { 200: ZRotaWeekSchema },
    summary: "One store's shifts for one week (Monday to Sunday in the store's time zone)",
  },
  createShift: {
    method: 'POST',
    path: '/rota/shifts',
    metadata: businessRoute('rota:write'),
    body: ZShiftInputSchema,
    responses: { 201: ZShiftMessageSchema },
    summary: 'Add a shift; 409 when it overlaps another shift of the same person',
  },
  updateShift: {
    method: 'PUT',
    path: '/rota/shifts/:id',
    metadata: businessRoute('rota:write'),
    pathParams: ZIdParams,
    body: ZShiftUpdateSchema,
    responses: { 200: ZShiftMessageSchema },
    summary: 'Move a shift to another day or person, or change its times; 409 on overlap',
  },
  deleteShift: {
    method: 'DELETE',
    path: '/rota/shifts/:id',
    metadata: businessRoute('rota:write'),
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string() }) },
    summary: 'Remove a shift',
  },
  copyWeek: {
    method: 'POST',
    path: '/rota/copy-week',
    metadata: businessRoute('rota:write'),
    body: ZCopyWeekInputSchema,
    responses: {
      200: z.object({
        message: z.string(),
        created: z.number().int(),
        skipped: z.array(z.object({ staffName: z.string(), day: z.string(), reason: z.string() })),
        shifts: z.array(ZShiftSchema),
      }),
    },
    summary: "Copy the previous week's shifts into this week at the same local times (overlaps are skipped)",
  },
  importShifts: {
    method: 'POST',
    path: '/rota/import',
    metadata: businessRoute('rota:write'),
    contentType: 'multipart/form-data',
    body: ZRotaImportBodySchema,
    responses: { 200: ZRotaImportResultSchema },
    summary:
      'Import shifts for one store from a scheduling tool\'s CSV export or an .ics file (multipart "file"). dryRun=true (default) previews each row; dryRun=false adds the rows without errors and skips the rest',
  },
  onShift: {
    method: 'GET',
    path: '/rota/on-shift',
    metadata: businessRoute('rota:read'),
    query: ZOnShiftQuerySchema,
    responses: { 200: z.object({ at: z.string(), stores: z.array(ZOnShiftStoreSchema) }) },
    summary: 'Who is on shift at an instant (default now), per store; start inclusive, end exclusive',
  },
});
