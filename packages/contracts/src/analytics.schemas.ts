// Shapes of the dashboard's numbers (Snapshot, Overview, league tables, feedback timeline): filters, periods, rows.
import { z } from 'zod';
import { ZObjectIdSchema, zQueryInt } from './common';
import { ZStoreScopeQuerySchema } from './scope-query.schemas';
import { ZDaySchema } from './stores.contract';
import { ZNodePerformanceSchema, ZTargetPerformanceSchema } from './targets.contract';

/** Presets are resolved per store in its own time zone: London's "today" and Sydney's "today" are each their own. */
export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'last90',
  'custom',
] as const;
export const ZPeriodPresetSchema = z.enum(PERIOD_PRESETS);
export type TPeriodPreset = z.infer<typeof ZPeriodPresetSchema>;

/** A custom range may span at most this many days (a year and a day, so a whole leap year fits). */
export const MAX_PERIOD_DAYS = 366;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Filters every dashboard call takes (query string): a period, and optionally stores/areas, one staff member, one kind. */
export const ZAnalyticsFilterSchema = z.object({
  period: ZPeriodPresetSchema.default('last30'),
  /** First and last local day of a custom period (inclusive); required when period is custom. */
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
  ...ZStoreScopeQuerySchema.shape,
  staff: ZObjectIdSchema.optional(),
  kind: z.enum(['staff', 'experience']).optional(),
});
export type TAnalyticsFilter = z.infer<typeof ZAnalyticsFilterSchema>;

/** The period as resolved in the business owner's time zone, for labels; each store's own days are used for figures. */
export const ZResolvedPeriodSchema = z.object({
  preset: ZPeriodPresetSchema,
  from: z.string(),
  to: z.string(),
  days: z.number(),
  previousFrom: z.string(),
  previousTo: z.string(),
  timeZone: z.string(),
});
export type TResolvedPeriod = z.infer<typeof ZResolvedPeriodSchema>;

/** A figure for the period, the same figure for the same-length previous period, and the change between them. */
export const ZComparedSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** value − previous (null when either is null). */
  change: z.number().nullable(),
});
export type TCompared = z.infer<typeof ZComparedSchema>;

export const ZStaffRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  active: z.boolean(),
});
export const ZStoreRefSchema = z.object({ _id: z.string(), name: z.string(), image: z.string().nullable() });

/** Counts of 1…5-star ratings, index 0 = 1 star. */
export const ZDistributionSchema = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);

export const SENTIMENT_LABELS = ['negative', 'neutral', 'positive'] as const;
export const ZSentimentLabelSchema = z.enum(SENTIMENT_LABELS, {
  errorMap: () => ({ message: 'Sentiment must be negative, neutral or positive' }),
});
export type TSentimentLabel = z.infer<typeof ZSentimentLabelSchema>;
/** A comment's sentiment: its label and a score from -1 (most negative) to 1 (most positive). */
export const ZSentimentSchema = z.object({ label: ZSentimentLabelSchema, score: z.number() });
export type TSentiment = z.infer<typeof ZSentimentSchema>;

export const ZTimelineItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(['staff', 'experience']),
  store: z.object({ _id: z.string(), name: z.string(), timeZone: z.string() }),
  staff: z.object({ _id: z.string(), name: z.string() }).nullable(),
  score: z.number(),
  comment: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  /** Store-local wall-clock time, "YYYY-MM-DD HH:mm". */
  localTime: z.string(),
  day: z.string(),
  outsideShift: z.boolean(),
  flagged: z.boolean(),
  restored: z.boolean(),
  /** What the comment says (null/empty without a comment, or until the insight reaction has run). */
  sentiment: ZSentimentSchema.nullable(),
  /** 'en', 'es' or 'und' (undetermined: emoji only). */
  language: z.string().nullable(),
  /** The themes the comment mentions, by their shown names (renames and merges applied; hidden themes left out). */
  themes: z.array(z.string()),
  /** A positive comment naming a staff member: their shout-out (hidden ones are kept here so the owner can unhide). */
  shoutOut: z.object({ staff: z.string(), staffName: z.string(), hidden: z.boolean() }).nullable(),
});
export type TTimelineItem = z.infer<typeof ZTimelineItemSchema>;

export const ZSnapshotSchema = z.object({
  period: ZResolvedPeriodSchema,
  ratings: ZComparedSchema,
  /** Mean score 1–5 (null with no ratings). */
  average: ZComparedSchema,
  /** % of ratings with 4 or 5 stars, 0–100. */
  csat: ZComparedSchema,
  visits: ZComparedSchema,
  /** Ratings ÷ visits as a %, 0–100 (null with no visits). */
  ratingRate: ZComparedSchema,
  socialClicks: ZComparedSchema,
  bestStaff: z
    .object({ staff: ZStaffRefSchema, adjustedAverage: z.number(), average: z.number(), ratings: z.number() })
    .nullable(),
  mostImproved: z
    .object({
      staff: ZStaffRefSchema,
      average: z.number(),
      previousAverage: z.number(),
      change: z.number(),
      ratings: z.number(),
    })
    .nullable(),
  stores: z.array(
    z.object({
      rank: z.number().nullable(),
      store: ZStoreRefSchema,
      ratings: z.number(),
      average: z.number().nullable(),
      adjustedAverage: z.number().nullable(),
      /** Each target metric against its target, parent area and peers. */
      targets: z.array(ZTargetPerformanceSchema).optional(),
    }),
  ),
  /** The scope's node (its one store, or the lowest area holding its stores) against targets, parent and peers. */
  targets: ZNodePerformanceSchema.nullable().optional(),
  latestComments: z.array(ZTimelineItemSchema),
});
export type TSnapshot = z.infer<typeof ZSnapshotSchema>;

export const ZOverviewQuerySchema = ZAnalyticsFilterSchema.extend({
  /** auto: day up to 31 days, week up to 180 days, month beyond. */
  granularity: z.enum(['auto', 'day', 'week', 'month']).default('auto'),
});
export type TOverviewQuery = z.infer<typeof ZOverviewQuerySchema>;

export const ZSeriesPointSchema = z.object({
  /** First local day of the bucket (weeks start on Monday). */
  bucket: z.string(),
  count: z.number(),
  average: z.number().nullable(),
  distribution: ZDistributionSchema,
});
export type TSeriesPoint = z.infer<typeof ZSeriesPointSchema>;

const ZKindSummarySchema = z.object({ count: z.number(), average: z.number().nullable() });

export const ZOverviewSchema = z.object({
  period: ZResolvedPeriodSchema,
  granularity: z.enum(['day', 'week', 'month']),
  series: z.array(ZSeriesPointSchema),
  /** Local weekday (1 = Monday … 7 = Sunday) × local hour; only cells with ratings. */
  heatmap: z.array(
    z.object({ weekday: z.number(), hour: z.number(), count: z.number(), average: z.number() }),
  ),
  split: z.object({ staff: ZKindSummarySchema, experience: ZKindSummarySchema }),
});
export type TOverview = z.infer<typeof ZOverviewSchema>;

export const STAFF_LEAGUE_SORTS = [
  'rank',
  'ratings',
  'average',
  'csat',
  'trend',
  'shiftExperience',
  'name',
] as const;
export const ZLeagueQuerySchema = ZAnalyticsFilterSchema.extend({
  sort: z.enum(STAFF_LEAGUE_SORTS).default('rank'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type TLeagueQuery = z.infer<typeof ZLeagueQuerySchema>;

export const ZLeagueFiguresSchema = z.object({
  /** null below the minimum sample: listed as "Not enough ratings yet (n of min)" and not ranked. Ties share a rank. */
  rank: z.number().nullable(),
  ratings: z.number(),
  average: z.number().nullable(),
  /** Bayesian: (sum + prior × min) ÷ (n + min), prior = the business's mean over the period. */
  adjustedAverage: z.number().nullable(),
  csat: z.number().nullable(),
  trend: z.object({ previousAverage: z.number().nullable(), change: z.number().nullable() }),
  distribution: ZDistributionSchema,
});

export const ZStaffLeagueRowSchema = ZLeagueFiguresSchema.extend({
  staff: ZStaffRefSchema,
  stores: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** Experience ratings given at the person's store while they were on shift (never mixed into their own figures). */
  shiftExperience: z.object({ ratings: z.number(), average: z.number().nullable() }),
});
export type TStaffLeagueRow = z.infer<typeof ZStaffLeagueRowSchema>;

export const ZStoreLeagueRowSchema = ZLeagueFiguresSchema.extend({
  store: ZStoreRefSchema,
  visits: z.number(),
  /** Ratings ÷ visits as a % (null with no visits). */
  ratingRate: z.number().nullable(),
  socialClicks: z.object({ total: z.number(), byNetwork: z.record(z.string(), z.number()) }),
  /** Each target metric against its target, parent area and peers. */
  targets: z.array(ZTargetPerformanceSchema).optional(),
});
export type TStoreLeagueRow = z.infer<typeof ZStoreLeagueRowSchema>;

const leagueOf = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    period: ZResolvedPeriodSchema,
    minSample: z.number(),
    /** The business's mean score over the period: the prior every adjusted average is pulled towards. */
    priorMean: z.number().nullable(),
    ranked: z.array(row),
    notRanked: z.array(row),
  });
export const ZStaffLeagueSchema = leagueOf(ZStaffLeagueRowSchema);
export const ZStoreLeagueSchema = leagueOf(ZStoreLeagueRowSchema);
export type TStaffLeague = z.infer<typeof ZStaffLeagueSchema>;
export type TStoreLeague = z.infer<typeof ZStoreLeagueSchema>;

export const ZTimelineQuerySchema = ZAnalyticsFilterSchema.extend({
  /** Comma-separated scores, e.g. "1,2". */
  scores: z
    .string()
    .trim()
    .transform((s) => (s ? s.split(',').map((x) => Number(x.trim())) : []))
    .pipe(z.array(z.number().int().min(1, 'Scores are 1 to 5').max(5, 'Scores are 1 to 5')).max(5))
    .optional(),
  hasComment: flag.optional(),
  /** exclude (default): counted ratings only; only: flagged ones; include: both. */
  flagged: z.enum(['exclude', 'only', 'include']).default('exclude'),
  outsideShift: flag.optional(),
  /** Only comments with this sentiment. */
  sentiment: ZSentimentLabelSchema.optional(),
  /** Only comments mentioning this theme: its key or its shown name (a merged theme includes what was merged in). */
  theme: z
    .string()
    .trim()
    .min(1, 'Theme must not be empty')
    .max(80, 'Theme can be at most 80 characters')
    .optional(),
  /** Opaque cursor from the previous page (stable while new ratings arrive). */
  cursor: z.string().max(200).optional(),
  limit: zQueryInt('Limit', 1, 100).default(25),
});
export type TTimelineQuery = z.infer<typeof ZTimelineQuerySchema>;

export const ZTimelinePageSchema = z.object({
  period: ZResolvedPeriodSchema,
  items: z.array(ZTimelineItemSchema),
  nextCursor: z.string().nullable(),
});
export type TTimelinePage = z.infer<typeof ZTimelinePageSchema>;

export const ZAnalyticsSettingsSchema = z.object({
  minSample: z
    .number({ invalid_type_error: 'Minimum ratings must be a number' })
    .int('Minimum ratings must be a whole number')
    .min(1, 'Minimum ratings must be at least 1')
    .max(500, 'Minimum ratings can be at most 500'),
});
export type TAnalyticsSettings = z.infer<typeof ZAnalyticsSettingsSchema>;

/** A custom period needs both days, in order, at most MAX_PERIOD_DAYS long; other presets take neither. */
export function withPeriodRules<T extends z.ZodType<TAnalyticsFilter, z.ZodTypeDef, unknown>>(
  schema: T,
): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.superRefine((q: TAnalyticsFilter, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day of the period' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day of the period' });
    if (!q.from || !q.to) return;
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86400000 + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
    if (days > MAX_PERIOD_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period can be at most ${MAX_PERIOD_DAYS} days`,
      });
    }
  }) as z.ZodEffects<T, z.output<T>, z.input<T>>;
}
