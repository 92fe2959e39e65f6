// /targets: a goal per metric set at any node of the location tree (top area, area or store), inherited downwards.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZObjectIdSchema } from './common';

const c = initContract();

/** average: mean score 1–5; happy: % of 4–5 stars; volume: ratings per week per store; staffRatings: staff ratings per week per store. */
export const TARGET_METRICS = ['average', 'happy', 'volume', 'staffRatings'] as const;
export const ZTargetMetricSchema = z.enum(TARGET_METRICS, {
  errorMap: () => ({ message: 'Metric must be average, happy, volume or staffRatings' }),
});
export type TTargetMetric = z.infer<typeof ZTargetMetricSchema>;

export const TARGET_METRIC_LABELS: Record<TTargetMetric, string> = {
  average: 'Average score',
  happy: '% happy',
  volume: 'Ratings per week',
  staffRatings: 'Staff ratings per week',
};

/** What a value may be, per metric (volumes are whole ratings per week per store). */
export const TARGET_RANGES: Record<TTargetMetric, { min: number; max: number; integer: boolean }> = {
  average: { min: 1, max: 5, integer: false },
  happy: { min: 0, max: 100, integer: false },
  volume: { min: 0, max: 100_000, integer: true },
  staffRatings: { min: 0, max: 100_000, integer: true },
};

export const TARGET_MESSAGES = {
  value: {
    average: 'Average score target must be between 1 and 5',
    happy: '% happy target must be between 0 and 100',
    volume: 'Ratings per week target must be a whole number from 0 to 100000',
    staffRatings: 'Staff ratings per week target must be a whole number from 0 to 100000',
  } satisfies Record<TTargetMetric, string>,
  valueNumber: 'Target must be a number',
  node: 'Choose an area or a store',
  areaForbidden: 'Only owners and admins, or a manager of the area, can set an area’s target',
} as const;

/** Amber: below the target by at most this fraction of it (e.g. 4.75 against 5.0 is amber, 4.74 red). */
export const TARGET_AMBER_BAND = 0.05;

/** True when `value` is allowed for `metric`. */
export function targetValueOk(metric: TTargetMetric, value: number): boolean {
  const r = TARGET_RANGES[metric];
  return Number.isFinite(value) && value >= r.min && value <= r.max && (!r.integer || Number.isInteger(value));
}

export const ZTargetInputSchema = z
  .object({
    metric: ZTargetMetricSchema,
    node: ZObjectIdSchema.describe('The top area (the business id), an area or a store'),
    /** null or absent: remove this node's own target (it inherits again). */
    value: z.number({ invalid_type_error: TARGET_MESSAGES.valueNumber }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.value !== null && v.value !== undefined && !targetValueOk(v.metric, v.value))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['value'], message: TARGET_MESSAGES.value[v.metric] });
  });
export type TTargetInput = z.input<typeof ZTargetInputSchema>;

export const ZTargetNodeKindSchema = z.enum(['area', 'store']);
export const ZTargetNodeSchema = z.object({ _id: ZObjectIdSchema, kind: ZTargetNodeKindSchema, name: z.string() });
export type TTargetNode = z.infer<typeof ZTargetNodeSchema>;

export const ZTargetSchema = z.object({
  _id: ZObjectIdSchema,
  metric: ZTargetMetricSchema,
  node: ZObjectIdSchema,
  nodeKind: ZTargetNodeKindSchema,
  value: z.number(),
  updatedAt: z.string(),
});
export type TTarget = z.infer<typeof ZTargetSchema>;

/** The target that applies at a node for one metric: its own, or the nearest ancestor's (null: none anywhere above). */
export const ZEffectiveTargetSchema = z.object({
  metric: ZTargetMetricSchema,
  value: z.number().nullable(),
  from: ZTargetNodeSchema.nullable(),
});
export type TEffectiveTarget = z.infer<typeof ZEffectiveTargetSchema>;

export const RAG_STATES = ['green', 'amber', 'red'] as const;
export type TRagState = (typeof RAG_STATES)[number];

/** One metric at one node over a period: the figure, its target, how far off, and against its parent and peers. */
export const ZTargetPerformanceSchema = z.object({
  metric: ZTargetMetricSchema,
  /** The figure over the period (volumes per week per store); null without ratings for a score. */
  actual: z.number().nullable(),
  target: z.number().nullable(),
  from: ZTargetNodeSchema.nullable(),
  /** actual − target. */
  variance: z.number().nullable(),
  /** green at or above target, amber within the amber band below it, red further below; null without both. */
  state: z.enum(RAG_STATES).nullable(),
  /** actual − the parent area's figure (over the stores of it the member covers). */
  vsParent: z.number().nullable(),
  /** actual − the mean of its siblings' figures (same parent, those the member covers). */
  vsPeers: z.number().nullable(),
});
export type TTargetPerformance = z.infer<typeof ZTargetPerformanceSchema>;

export const ZNodePerformanceSchema = z.object({
  node: ZTargetNodeSchema,
  metrics: z.array(ZTargetPerformanceSchema),
});
export type TNodePerformance = z.infer<typeof ZNodePerformanceSchema>;

export const ZTargetsQuerySchema = z.object({
  node: ZObjectIdSchema.optional().describe('Also answer the effective target per metric at this area or store'),
});

export const ZTargetsSchema = z.object({
  targets: z.array(ZTargetSchema),
  effective: z.array(ZEffectiveTargetSchema).optional(),
  /** With `node`: whether the caller may set this node's targets (their role and grants). */
  canSet: z.boolean().optional(),
});
export type TTargets = z.infer<typeof ZTargetsSchema>;

export const targetsContract = c.router({
  list: {
    method: 'GET',
    path: '/targets',
    metadata: businessRoute('targets:read'),
    query: ZTargetsQuerySchema,
    responses: { 200: ZTargetsSchema },
    summary:
      "The business's targets (members limited to some stores: those on nodes they see); with `node`, the effective target per metric and where it comes from",
  },
  set: {
    method: 'PUT',
    path: '/targets',
    metadata: businessRoute('targets:write'),
    body: ZTargetInputSchema,
    responses: { 200: z.object({ target: ZTargetSchema.nullable(), effective: z.array(ZEffectiveTargetSchema) }) },
    summary: 'Set (or with value null remove) a node’s own target for one metric',
  },
});
