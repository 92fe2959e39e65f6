// The rota import: a scheduling tool's CSV export or an iCalendar (.ics) file → one store's shifts, previewed per row.
import { z } from 'zod';
import { ZObjectIdSchema } from './common';

/** The most shifts one file may hold. */
export const ROTA_IMPORT_MAX_ROWS = 5000;

/** What a CSV column can carry; a file needs a person (name, first + last name, or email), a date and two times. */
export const ROTA_IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'date',
  'start',
  'end',
  'location',
] as const;
export type TRotaImportField = (typeof ROTA_IMPORT_FIELDS)[number];

/** How a file writes dates like 03/04/2026: day first (UK, EU), month first (US), or ISO 2026-04-03. */
export const ROTA_DATE_ORDERS = ['dmy', 'mdy', 'ymd'] as const;
export type TRotaDateOrder = (typeof ROTA_DATE_ORDERS)[number];

export const ROTA_IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV or .ics file to import',
  wrongType: 'Please upload a CSV file or an iCalendar (.ics) file',
  empty: 'The file has no shifts: add a row under the header',
  noEvents: 'The calendar has no events (VEVENT) to import',
  tooManyRows: `A file can hold at most ${ROTA_IMPORT_MAX_ROWS.toLocaleString('en-GB')} shifts: split it in parts`,
  needPerson: 'Map a column to the person: a name, first and last name, or an email',
  needDate: 'Map a column to the date (or use start and end columns that carry the date too)',
  needTimes: 'Map columns to the start and end times',
  dryRun: 'Preview: nothing was written. Check the rows, then confirm.',
  nothingToAdd: 'Nothing to add: every shift in the file is already on the rota or has an error.',
  applied: (added: number, skipped: number) =>
    `Imported ${added} shift${added === 1 ? '' : 's'}` + (skipped ? `; ${skipped} row${skipped === 1 ? '' : 's'} skipped.` : '.'),
} as const;

/** Which header carries each field (null: none); the preview proposes it and the person may change it. */
export const ZRotaImportMappingSchema = z.object(
  Object.fromEntries(ROTA_IMPORT_FIELDS.map((f) => [f, z.string().max(200).nullable().optional()])) as Record<
    TRotaImportField,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);
export type TRotaImportMapping = z.infer<typeof ZRotaImportMappingSchema>;

/** The multipart form: the file, the store, dryRun and (CSV only) a mapping and a date order. */
export const ZRotaImportBodySchema = z.object({
  /** The file (multipart part "file"); read from multer, named here for the API reference. */
  file: z.unknown(),
  store: ZObjectIdSchema,
  dryRun: z
    .enum(['true', 'false'], { errorMap: () => ({ message: 'dryRun must be true or false' }) })
    .default('true'),
  /** JSON of the mapping (field → header); fields left out are guessed from the header names. */
  mapping: z
    .string()
    .max(4000)
    .transform((v, ctx) => {
      try {
        return ZRotaImportMappingSchema.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'mapping must be a JSON object of field → column header' });
        return z.NEVER;
      }
    })
    .optional(),
  dateOrder: z
    .enum(ROTA_DATE_ORDERS, { errorMap: () => ({ message: 'dateOrder must be dmy, mdy or ymd' }) })
    .optional(),
});

export const ROTA_IMPORT_STATUSES = ['new', 'added', 'unchanged', 'error'] as const;

export const ZRotaImportRowSchema = z.object({
  /** The row's line in the file (a CSV's header is line 1; for .ics the line of the event's BEGIN:VEVENT). */
  line: z.number().int(),
  /** The person as the file names them (name and/or email). */
  person: z.string(),
  /** The matched staff member, or null. */
  staff: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Store-local date and wall-clock times, as they will be saved ("" when unreadable). */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** new: will be added on confirm; added: written; unchanged: the same shift is already on the rota; error: skipped. */
  status: z.enum(ROTA_IMPORT_STATUSES),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TRotaImportRow = z.infer<typeof ZRotaImportRowSchema>;

export const ZRotaImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** True when shifts were written. */
  applied: z.boolean(),
  message: z.string(),
  format: z.enum(['csv', 'ics']),
  store: z.object({ _id: z.string(), name: z.string(), timeZone: z.string() }),
  /** The CSV's header (empty for .ics) and the mapping used; the date order used for dates like 03/04/2026. */
  headers: z.array(z.string()),
  mapping: z.record(z.enum(ROTA_IMPORT_FIELDS), z.string().nullable()),
  dateOrder: z.enum(ROTA_DATE_ORDERS),
  /** What the mapping still lacks (a preview then has no rows; a confirm answers 400); null when complete. */
  mappingProblem: z.string().nullable(),
  totals: z.object({
    rows: z.number().int(),
    new: z.number().int(),
    added: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
  /** People the file names who match nobody at the business, with the lines naming them. */
  unknownStaff: z.array(z.object({ person: z.string(), lines: z.array(z.number().int()) })),
  rows: z.array(ZRotaImportRowSchema),
});
export type TRotaImportResult = z.infer<typeof ZRotaImportResultSchema>;
