// Performance-notification rules: one zod schema per rule type, the business's quiet hours, and the alert wording.
import { z } from 'zod';
import { ZObjectIdSchema } from './common';
import { ZTimeOfDaySchema } from './stores.contract';
import { TARGET_METRIC_LABELS, ZTargetMetricSchema } from './targets.contract';

export const RULE_TYPES = [
  'low-rating',
  'low-share-window',
  'staff-average',
  'flagged-burst',
  'visit-allowance',
  'summary',
  'below-target',
  'keyword',
] as const;
export type TRuleType = (typeof RULE_TYPES)[number];

/** How long a notification is kept before MongoDB's TTL index removes it. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** The 7-day average rule looks back this many store-local days (today included). */
export const STAFF_AVERAGE_DAYS = 7;
/** Visit-allowance alerts go out at these shares of the plan's monthly tracked visits. */
export const VISIT_ALLOWANCE_THRESHOLDS = [80, 100] as const;

const int = (label: string, min: number, max: number) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} can be at most ${max}`);

const ZStarsSchema = int('Stars', 1, 4);

export const ZEscalationSchema = z.object({
  afterMinutes: int('Escalate after', 1, 1440),
  /** 'owner' or a member's user id. */
  to: z
    .string({ required_error: 'Escalate to the owner or a member' })
    .refine((v) => v === 'owner' || /^[0-9a-fA-F]{24}$/.test(v), 'Escalate to the owner or a member'),
});
export type TEscalation = z.infer<typeof ZEscalationSchema>;

/** Fields every rule has: on/off, which stores (empty = all), and whether it also emails (in-app is always on). */
const ZRuleBaseSchema = z.object({
  enabled: z.boolean().default(true),
  stores: z.array(ZObjectIdSchema).max(200, 'Choose at most 200 stores').default([]),
  email: z.boolean().default(false),
  /** Alert channels (connection ids) the alert is also posted to. */
  channels: z.array(ZObjectIdSchema).max(10, 'Choose at most 10 channels').optional(),
  /** Nobody acknowledged within afterMinutes: notify the owner or this member, once. */
  escalation: ZEscalationSchema.nullable().optional(),
  /** Delivered during the member's quiet hours too. */
  urgent: z.boolean().optional(),
  /** When the rule fires for a rating, a case is opened for that rating too (cases module). */
  openCase: z.boolean().optional(),
});

export const ZLowRatingRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('low-rating'),
  /** Fires for a rating of this many stars or fewer. */
  maxScore: ZStarsSchema,
  kinds: z
    .array(z.enum(['staff', 'experience']))
    .min(1, 'Choose staff ratings, experience ratings or both')
    .max(2),
});

export const ZLowShareWindowRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('low-share-window'),
  /** A rating of this many stars or fewer counts as low. */
  maxScore: ZStarsSchema,
  percent: int('Share of low ratings', 1, 100),
  minutes: int('Window', 1, 1440),
  minRatings: int('Minimum ratings', 1, 1000),
});

export const ZStaffAverageRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('staff-average'),
  threshold: z
    .number({ required_error: 'Average is required', invalid_type_error: 'Average must be a number' })
    .min(1, 'Average must be at least 1')
    .max(5, 'Average can be at most 5'),
  // No minimum sample of its own: the league table's (per business, default 10) applies, so the alert and the
  // table never disagree about who has enough ratings to be judged.
});

export const ZFlaggedBurstRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('flagged-burst'),
  count: int('Flagged ratings', 1, 1000),
  minutes: int('Window', 1, 1440),
});

export const ZVisitAllowanceRuleSchema = ZRuleBaseSchema.extend({ type: z.literal('visit-allowance') });

export const ZSummaryRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('summary'),
  frequency: z.enum(['daily', 'weekly'], { message: 'Choose daily or weekly' }),
  /** Local hour (0–23) in the business's time zone. */
  hour: int('Hour', 0, 23),
  /** Weekly summaries: ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: int('Weekday', 1, 7).default(1),
});

/** A store below its target (its own or inherited) on each of the last `days` closed local days. */
export const ZBelowTargetRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('below-target'),
  metric: ZTargetMetricSchema.default('average'),
  days: int('Days below target', 1, 30),
});

/** Words or phrases a rating's comment or tapped chips mention ("refund", "rude", "Order wrong"), each matched whole. */
export const KEYWORDS_MAX = 20;
const ZKeywordSchema = z
  .string()
  .trim()
  .min(2, 'Each word needs at least 2 characters')
  .max(60, 'Each word can be at most 60 characters');

/** A rating whose comment or tapped chips mention any of the words (a keyword or a theme the customer tapped). */
export const ZKeywordRuleSchema = ZRuleBaseSchema.extend({
  type: z.literal('keyword'),
  keywords: z
    .array(ZKeywordSchema)
    .min(1, 'Add at least one word or phrase')
    .max(KEYWORDS_MAX, `At most ${KEYWORDS_MAX} words or phrases`),
  kinds: z
    .array(z.enum(['staff', 'experience']))
    .min(1, 'Choose staff ratings, experience ratings or both')
    .max(2),
});

/** The first of `keywords` that `text` mentions as a whole word or phrase (case-insensitive), else null. */
export function mentionedKeyword(keywords: readonly string[], text: string): string | null {
  const haystack = ` ${text.toLocaleLowerCase('en').replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const keyword of keywords) {
    const needle = keyword
      .toLocaleLowerCase('en')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (needle && haystack.includes(` ${needle} `)) return keyword;
  }
  return null;
}

export const ZRuleInputSchema = z.discriminatedUnion('type', [
  ZLowRatingRuleSchema,
  ZLowShareWindowRuleSchema,
  ZStaffAverageRuleSchema,
  ZFlaggedBurstRuleSchema,
  ZVisitAllowanceRuleSchema,
  ZSummaryRuleSchema,
  ZBelowTargetRuleSchema,
  ZKeywordRuleSchema,
]);
export type TRuleInput = z.infer<typeof ZRuleInputSchema>;
export type TRuleInputOf<T extends TRuleType> = Extract<TRuleInput, { type: T }>;

const ZRuleMetaSchema = z.object({ _id: z.string(), createdAt: z.string(), updatedAt: z.string() });
export const ZRuleSchema = z.intersection(ZRuleInputSchema, ZRuleMetaSchema);
export type TRule = TRuleInput & z.infer<typeof ZRuleMetaSchema>;

export const ZQuietHoursSchema = z
  .object({ enabled: z.boolean(), start: ZTimeOfDaySchema, end: ZTimeOfDaySchema })
  .refine((q) => q.start !== q.end, { message: 'End must be different from start', path: ['end'] });

export const ZNotificationSettingsSchema = z.object({
  /** Emails are held back between start and end (business's local time; may run past midnight). */
  quietHours: ZQuietHoursSchema,
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettingsSchema>;

/** Each rule type's starting values: what the settings page adds, and (for the default set) what a new business has. */
export const NEW_RULE: Record<TRuleType, TRuleInput> = {
  'low-rating': {
    type: 'low-rating',
    enabled: true,
    stores: [],
    email: false,
    maxScore: 2,
    kinds: ['staff', 'experience'],
  },
  'low-share-window': {
    type: 'low-share-window',
    enabled: true,
    stores: [],
    email: true,
    maxScore: 2,
    percent: 50,
    minutes: 15,
    minRatings: 4,
  },
  'staff-average': { type: 'staff-average', enabled: true, stores: [], email: false, threshold: 3.5 },
  'flagged-burst': { type: 'flagged-burst', enabled: true, stores: [], email: true, count: 4, minutes: 30 },
  'visit-allowance': { type: 'visit-allowance', enabled: true, stores: [], email: true },
  summary: {
    type: 'summary',
    enabled: true,
    stores: [],
    email: true,
    frequency: 'daily',
    hour: 8,
    weekday: 1,
  },
  'below-target': {
    type: 'below-target',
    enabled: true,
    stores: [],
    email: true,
    metric: 'average',
    days: 3,
  },
  keyword: {
    type: 'keyword',
    enabled: true,
    stores: [],
    email: true,
    keywords: ['refund', 'rude', 'manager'],
    kinds: ['staff', 'experience'],
  },
};

/** On from day one, so the bell works without set-up (issue 10): 1–2 star ratings, the window rule, the allowance. */
export const DEFAULT_RULE_TYPES: TRuleType[] = ['low-rating', 'low-share-window', 'visit-allowance'];

/** Values an alert names; `em` marks them (the API escapes and bolds, the settings preview leaves them plain). */
export interface TAlertWords {
  em: (value: string) => string;
}

const stars = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/** The one wording of every alert, shared by the API's messages and the settings page's preview. */
export const alertText = {
  lowRating: (w: TAlertWords, v: { store: string; subject: string; score: number; comment: string }) =>
    `${w.em(v.subject)} at ${w.em(v.store)} was rated ${w.em(stars(v.score))}` +
    (v.comment ? `: “${w.em(v.comment)}”` : '.'),
  lowShareWindow: (
    w: TAlertWords,
    v: { store: string; low: number; total: number; minutes: number; maxScore: number },
  ) =>
    `${w.em(v.store)}: ${w.em(`${Math.round((v.low / v.total) * 100)} %`)} of the last ${v.total} ratings ` +
    `in ${v.minutes} minutes were ${stars(v.maxScore)} or less (${v.low} of ${v.total}).`,
  staffAverage: (w: TAlertWords, v: { staff: string; average: number; count: number; threshold: number }) =>
    `${w.em(v.staff)}'s 7-day average fell to ${w.em(v.average.toFixed(2))} over ${v.count} ratings ` +
    `(alert below ${v.threshold}).`,
  flaggedBurst: (w: TAlertWords, v: { store: string; count: number; minutes: number }) =>
    `${w.em(`${v.count} flagged ratings`)} at ${w.em(v.store)} in the last ${v.minutes} minutes ` +
    '(possible gaming). Review them under flagged ratings.',
  visitAllowance: (w: TAlertWords, v: { percent: number; used: number; allowance: number }) =>
    `You have used ${w.em(`${v.percent} %`)} of this month's tracked visits ` +
    `(${v.used.toLocaleString('en-GB')} of ${v.allowance.toLocaleString('en-GB')}).`,
  belowTarget: (
    w: TAlertWords,
    v: {
      store: string;
      metric: keyof typeof TARGET_METRIC_LABELS;
      days: number;
      actual: string;
      target: string;
    },
  ) =>
    `${w.em(v.store)} has been below its ${TARGET_METRIC_LABELS[v.metric]} target of ${w.em(v.target)} ` +
    `for ${w.em(`${v.days} day${v.days === 1 ? '' : 's'}`)} (yesterday: ${w.em(v.actual)}).`,
  keyword: (
    w: TAlertWords,
    v: { store: string; subject: string; score: number; keyword: string; comment: string },
  ) =>
    `${w.em(v.subject)} at ${w.em(v.store)} was rated ${w.em(stars(v.score))} and mentions ` +
    `${w.em(`“${v.keyword}”`)}` +
    (v.comment ? `: “${w.em(v.comment)}”` : '.'),
  summary: (w: TAlertWords, v: { period: string; ratings: number; average: number | null }) =>
    `Your ${v.period} summary: ${w.em(String(v.ratings))} ratings, average ` +
    `${w.em(v.average === null ? '–' : v.average.toFixed(2))}.`,
};

const plain: TAlertWords = { em: (s) => s };

/** An example of the alert a rule sends, for the settings page (plain text, sample values). */
export function alertPreview(rule: TRuleInput): string {
  switch (rule.type) {
    case 'low-rating':
      return alertText.lowRating(plain, {
        store: 'High Street',
        subject: rule.kinds.includes('staff') ? 'Alex' : 'Your experience',
        score: Math.min(rule.maxScore, 1),
        comment: 'Waited 20 minutes',
      });
    case 'low-share-window': {
      const total = Math.max(rule.minRatings, 1);
      return alertText.lowShareWindow(plain, {
        store: 'High Street',
        low: Math.min(total, Math.ceil((rule.percent / 100) * total)),
        total,
        minutes: rule.minutes,
        maxScore: rule.maxScore,
      });
    }
    case 'staff-average':
      return alertText.staffAverage(plain, {
        staff: 'Alex',
        average: Math.max(1, rule.threshold - 0.3),
        count: 10,
        threshold: rule.threshold,
      });
    case 'flagged-burst':
      return alertText.flaggedBurst(plain, {
        store: 'High Street',
        count: rule.count,
        minutes: rule.minutes,
      });
    case 'visit-allowance':
      return alertText.visitAllowance(plain, { percent: 80, used: 200000, allowance: 250000 });
    case 'summary':
      return alertText.summary(plain, { period: rule.frequency, ratings: 42, average: 4.3 });
    case 'keyword':
      return alertText.keyword(plain, {
        store: 'High Street',
        subject: rule.kinds.includes('staff') ? 'Alex' : 'Your experience',
        score: 2,
        keyword: rule.keywords[0] ?? 'refund',
        comment: `I asked for a ${rule.keywords[0] ?? 'refund'}`,
      });
    case 'below-target':
      return alertText.belowTarget(plain, {
        store: 'High Street',
        metric: rule.metric,
        days: rule.days,
        actual: rule.metric === 'average' ? '3.90' : rule.metric === 'happy' ? '72.0%' : '21',
        target: rule.metric === 'average' ? '4.20' : rule.metric === 'happy' ? '80.0%' : '30',
      });
  }
}
