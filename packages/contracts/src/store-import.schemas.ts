// A store's own code and tags, and the CSV import of stores (columns, per-row results, totals) keyed by that code.
import { z } from 'zod';

export const STORE_CODE_MAX = 64;
export const STORE_TAG_MAX = 40;
export const STORE_TAGS_MAX = 20;
/** The most data rows one import file may hold. */
export const STORE_IMPORT_MAX_ROWS = 5000;
/** Between the areas of an area path in the CSV: `UK > London`. */
export const AREA_PATH_SEPARATOR = '>';
/** Between the tags of the CSV's tags cell: `franchise; mall`. */
export const TAG_SEPARATOR = ';';

export const STORE_IMPORT_MESSAGES = {
  codeTaken: 'Another store of this business already has this code',
  codeTooLong: `Store code must be at most ${STORE_CODE_MAX} characters`,
  codeChars: 'Store code cannot contain line breaks or control characters',
  tagTooLong: `Each tag must be at most ${STORE_TAG_MAX} characters`,
  tagChars: 'Tags cannot contain commas, semicolons or line breaks',
  tooManyTags: `A store can carry at most ${STORE_TAGS_MAX} tags`,
  fileRequired: 'Choose a CSV file to import',
  notCsv: 'Please upload a CSV file (comma-separated text, saved as UTF-8)',
  empty: 'The file has no stores: add a row under the header',
  tooManyRows: `A file can hold at most ${STORE_IMPORT_MAX_ROWS.toLocaleString('en-GB')} stores: split it in parts`,
  codeColumn: 'The file needs a "code" column (the header row names the columns)',
  codeRequired: 'Store code is required',
  duplicateCode: (line: number) => `This code is already used on line ${line} of the file`,
  nameForNew: 'Store name is required for a new store',
  hasErrors: 'Nothing was imported: fix the rows with errors and try again',
  dryRun: 'Dry run: nothing was written. Check the rows, then confirm.',
  applied: (t: { created: number; changed: number; moved: number }) =>
    `Imported: ${t.created} created, ${t.changed} changed, ${t.moved} moved.`,
  planChanged:
    'The stores or areas changed since the dry run: nothing was imported. Run the dry run again and check it.',
  keyLimited: 'An API key limited to some stores cannot import stores',
} as const;

/** The chain's own store code; blank means none. Unique among a business's live stores. */
export const ZStoreCodeSchema = z
  .string()
  .trim()
  .max(STORE_CODE_MAX, STORE_IMPORT_MESSAGES.codeTooLong)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), STORE_IMPORT_MESSAGES.codeChars)
  .nullable()
  .transform((v) => (v ? v : null));

export const ZStoreTagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(STORE_TAG_MAX, STORE_IMPORT_MESSAGES.tagTooLong)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[,;\u0000-\u001f\u007f]/.test(v), STORE_IMPORT_MESSAGES.tagChars);

/** Tags (franchisee, format, mall…): filters and groupings. Repeats (ignoring case) are dropped, order kept. */
export const ZStoreTagsSchema = z
  .array(ZStoreTagSchema)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLocaleLowerCase('en');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((tags) => tags.length <= STORE_TAGS_MAX, STORE_IMPORT_MESSAGES.tooManyTags);

/** `tags=a,b` on the store list: stores carrying every one of them. */
export const ZStoreTagsQuerySchema = z
  .string()
  .max(1000)
  .transform((v) =>
    v
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );

export const STORE_IMPORT_STATUSES = ['created', 'changed', 'moved', 'unchanged', 'error'] as const;
export type TStoreImportStatus = (typeof STORE_IMPORT_STATUSES)[number];

export const ZStoreImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** error wins; a row that moves and changes fields is `moved` (its changes listed too). */
  status: z.enum(STORE_IMPORT_STATUSES),
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  /** Area paths, e.g. "UK > London" (the top area is ""). */
  move: z.object({ from: z.string(), to: z.string() }).nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type TStoreImportRow = z.infer<typeof ZStoreImportRowSchema>;

export const ZStoreImportTotalsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  moved: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  areasCreated: z.number().int(),
});
export type TStoreImportTotals = z.infer<typeof ZStoreImportTotalsSchema>;

export const ZStoreImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** True once the rows are written (a confirm without errors); false for a dry run or a confirm with row errors. */
  applied: z.boolean(),
  /** What happened, in a sentence (e.g. why nothing was written). */
  message: z.string(),
  /** Fingerprint of what the rows would do: send it back with the confirm to write exactly what the dry run showed. */
  plan: z.string(),
  totals: ZStoreImportTotalsSchema,
  /** Areas the import adds, as paths. */
  newAreas: z.array(z.string()),
  /** Header columns the import does not read. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(ZStoreImportRowSchema),
});
export type TStoreImportResult = z.infer<typeof ZStoreImportResultSchema>;

export const ZStoreImportBodySchema = z.object({
  /** The CSV file (multipart part "file"); read from multer, named here for the API reference. */
  file: z.unknown(),
  dryRun: z
    .enum(['true', 'false'], { errorMap: () => ({ message: 'dryRun must be true or false' }) })
    .default('true'),
  /** The dry run's `plan`: the confirm answers 409 when the rows would now do something else. */
  plan: z.string().trim().max(128).optional(),
});

/** The columns the import reads (header names compare ignoring case, spaces, `_` and `-`). */
export const STORE_IMPORT_COLUMNS = ['code', 'name', 'area', 'timezone', 'address', 'tags'] as const;
export type TStoreImportColumn = (typeof STORE_IMPORT_COLUMNS)[number];

/** A template for people: the header and two example rows. */
export const STORE_IMPORT_TEMPLATE = [
  'code,name,area,timezone,address,tags',
  'LON-001,Covent Garden,UK > London,Europe/London,"12 King Street, London WC2E 8HN",franchise; high street',
  'NYC-001,Fifth Avenue,US > New York,America/New_York,"500 Fifth Avenue, New York",company; mall',
  '',
].join('\r\n');
