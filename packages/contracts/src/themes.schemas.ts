// Shapes of comment themes: the "What customers talk about" report and the business's theme vocabulary.
import { z } from 'zod';
import { ZAnalyticsFilterSchema, ZResolvedPeriodSchema, ZSentimentSchema } from './analytics.schemas';
import { zQueryInt } from './common';

/** The analytics filters (period, stores, staff, kind) and how many themes to list. */
export const ZThemesQuerySchema = ZAnalyticsFilterSchema.extend({
  limit: zQueryInt('Limit', 1, 20).default(8),
});
export type TThemesQuery = z.infer<typeof ZThemesQuerySchema>;

/** Comments mentioning a theme, split by their sentiment. */
export const ZThemeSentimentSplitSchema = z.object({
  positive: z.number(),
  neutral: z.number(),
  negative: z.number(),
});

/** One example comment of a theme (the newest counted ones of the period). */
export const ZThemeExampleSchema = z.object({
  _id: z.string(),
  comment: z.string(),
  score: z.number(),
  store: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  sentiment: ZSentimentSchema.nullable(),
});
export type TThemeExample = z.infer<typeof ZThemeExampleSchema>;

const ZThemeFiguresSchema = z.object({
  /** The theme's stable key (a quick tag or a discovered phrase): filter the timeline with it. */
  key: z.string(),
  /** The name the owner gave it (the key unless renamed). */
  name: z.string(),
  /** Comments of the period mentioning it (merged themes included). */
  count: z.number(),
  /** The same over the same-length previous period. */
  previousCount: z.number(),
  sentiment: ZThemeSentimentSplitSchema,
});

export const ZThemeReportRowSchema = ZThemeFiguresSchema.extend({
  /** The theme's count in each store that mentions it, most first. */
  stores: z.array(
    z.object({ _id: z.string(), name: z.string(), count: z.number(), previousCount: z.number() }),
  ),
  /** At most two recent comments mentioning it. */
  examples: z.array(ZThemeExampleSchema).max(2),
});
export type TThemeReportRow = z.infer<typeof ZThemeReportRowSchema>;

export const ZThemesReportSchema = z.object({
  period: ZResolvedPeriodSchema,
  /** The most mentioned themes over the chosen stores, most first (at most `limit`). */
  themes: z.array(ZThemeReportRowSchema),
  /** Each chosen store's own top themes (at most `limit`), stores with comments only, by name. */
  stores: z.array(
    z.object({
      store: z.object({ _id: z.string(), name: z.string() }),
      themes: z.array(ZThemeFiguresSchema),
    }),
  ),
});
export type TThemesReport = z.infer<typeof ZThemesReportSchema>;

/** A theme's key in a path or body: a quick tag or a discovered phrase. */
export const ZThemeKeySchema = z
  .string({ required_error: 'Theme is required', invalid_type_error: 'Theme must be text' })
  .trim()
  .min(1, 'Theme is required')
  .max(80, 'Theme can be at most 80 characters');

/** One theme of the business's vocabulary as the owner manages it. */
export const ZThemeEntrySchema = z.object({
  key: z.string(),
  name: z.string(),
  /** A quick tag of the product, or a phrase found in the business's comments. */
  source: z.enum(['tag', 'discovered']),
  /** Hidden themes are left out of reports and the timeline (still computed, so unhiding needs no rebuild). */
  hidden: z.boolean(),
  /** The theme this one is merged into (its comments count there), or null. */
  mergedInto: z.string().nullable(),
  /** Keys of the themes merged into this one. */
  mergedFrom: z.array(z.string()),
  /** Comments mentioning it over the last 30 days in the member's stores (merged themes included). */
  count: z.number(),
});
export type TThemeEntry = z.infer<typeof ZThemeEntrySchema>;

/** Rename, hide/unhide, merge into another theme (`mergedInto`) or unmerge (`mergedInto: null`); at least one. */
export const ZUpdateThemeSchema = z
  .object({
    name: z
      .string({ invalid_type_error: 'Name must be text' })
      .trim()
      .min(1, 'Name must not be empty')
      .max(60, 'Name can be at most 60 characters')
      .optional(),
    hidden: z.boolean({ invalid_type_error: 'Hidden must be true or false' }).optional(),
    mergedInto: ZThemeKeySchema.nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.hidden !== undefined || b.mergedInto !== undefined, {
    message: 'Give a new name, hidden, or the theme to merge into',
    path: ['name'],
  });
export type TUpdateTheme = z.input<typeof ZUpdateThemeSchema>;

export const ZShoutOutSchema = z.object({ staff: z.string(), staffName: z.string(), hidden: z.boolean() });
export type TShoutOut = z.infer<typeof ZShoutOutSchema>;

export const ZUpdateShoutOutSchema = z.object({
  hidden: z.boolean({
    required_error: 'Hidden is required',
    invalid_type_error: 'Hidden must be true or false',
  }),
});
export type TUpdateShoutOut = z.infer<typeof ZUpdateShoutOutSchema>;
