// /cases: the complaint inbox (list, case view, status/owner/priority/root cause, notes), its settings and its numbers.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, withApiKey } from './access';
import { ZAnalyticsFilterSchema } from './analytics.schemas';
import {
  CASE_ACTION_MAX,
  CASE_MESSAGES,
  CASE_NOTE_MAX,
  CASE_PRIORITIES,
  ZCaseDetailSchema,
  ZCaseNoteSchema,
  ZCasePrioritySchema,
  ZCaseSchema,
  ZCaseStatusSchema,
  ZRootCauseSchema,
} from './cases.schemas';
import { ZObjectIdSchema, zQueryInt } from './common';
import { ZStoreScopeQuerySchema } from './scope-query.schemas';

const c = initContract();

export * from './cases.schemas';

export const ZCaseListQuerySchema = z.object({
  /** One status, or "open" for new + in progress + waiting. */
  status: z.union([ZCaseStatusSchema, z.literal('open')]).optional(),
  store: ZObjectIdSchema.optional(),
  area: ZObjectIdSchema.optional(),
  /** A member id, "me", or "none" (unassigned). */
  owner: z.union([ZObjectIdSchema, z.enum(['me', 'none'])]).optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Opaque cursor from the previous page. */
  cursor: z.string().max(200).optional(),
  limit: zQueryInt('Limit', 1, 100).default(25),
});
export type TCaseListQuery = z.input<typeof ZCaseListQuerySchema>;

export const ZCasePageSchema = z.object({ items: z.array(ZCaseSchema), nextCursor: z.string().nullable() });
export type TCasePage = z.infer<typeof ZCasePageSchema>;

export const ZCaseOpenSchema = z.object({
  rating: ZObjectIdSchema,
  priority: ZCasePrioritySchema.optional(),
  note: z.string().trim().max(CASE_NOTE_MAX).optional(),
});
export type TCaseOpen = z.input<typeof ZCaseOpenSchema>;

export const ZCasePatchSchema = z
  .object({
    status: ZCaseStatusSchema.optional(),
    /** A member id; null unassigns. */
    owner: ZObjectIdSchema.nullable().optional(),
    priority: ZCasePrioritySchema.optional(),
    rootCause: ZRootCauseSchema.nullable().optional(),
    action: z.string().trim().max(CASE_ACTION_MAX).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type TCasePatch = z.input<typeof ZCasePatchSchema>;

export const ZCaseNoteInputSchema = z.object({
  text: z.string().trim().min(1, CASE_MESSAGES.noteRequired).max(CASE_NOTE_MAX),
});

/** Hours to the due time per priority; the retention of customers' contact details after a case ends. */
export const ZCaseSettingsSchema = z.object({
  slaHours: z.object(
    Object.fromEntries(
      CASE_PRIORITIES.map((p) => [
        p,
        z
          .number({ invalid_type_error: 'Hours must be a number' })
          .int('Hours must be a whole number')
          .min(1, 'At least 1 hour')
          .max(24 * 30, 'At most 720 hours'),
      ]),
    ) as Record<(typeof CASE_PRIORITIES)[number], z.ZodNumber>,
  ),
  /** Cases open automatically for a 1–2★ rating with a comment, and for every contact request. */
  autoOpen: z.object({ lowWithComment: z.boolean(), contactRequest: z.boolean() }),
  /** Who gets a new case: the store's manager, or each of the store's team in turn. */
  assignment: z.enum(['manager', 'round_robin']),
  retentionDays: z
    .number({ invalid_type_error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(3650, 'At most 3650 days'),
});
export type TCaseSettings = z.infer<typeof ZCaseSettingsSchema>;
export const DEFAULT_CASE_SETTINGS: TCaseSettings = {
  slaHours: { urgent: 4, high: 24, normal: 48, low: 72 },
  autoOpen: { lowWithComment: true, contactRequest: true },
  assignment: 'manager',
  retentionDays: 90,
};

export const ZCaseMetricsQuerySchema = ZAnalyticsFilterSchema.pick({
  period: true,
  from: true,
  to: true,
}).extend(ZStoreScopeQuerySchema.shape);
export const ZCaseMetricsSchema = z.object({
  opened: z.number().int(),
  resolved: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  /** Medians in minutes over the period's cases; null without any. */
  medianFirstResponseMinutes: z.number().nullable(),
  medianResolutionMinutes: z.number().nullable(),
  /** % of the period's resolved cases resolved by their due time. */
  withinSlaPct: z.number().nullable(),
  /** % of "did we put it right?" answers that said yes. */
  recoveryRate: z.number().nullable(),
  topRootCauses: z.array(z.object({ rootCause: ZRootCauseSchema, count: z.number().int() })),
  perStore: z.array(
    z.object({
      store: z.object({ _id: ZObjectIdSchema, name: z.string() }),
      opened: z.number().int(),
      medianFirstResponseMinutes: z.number().nullable(),
      medianResolutionMinutes: z.number().nullable(),
      withinSlaPct: z.number().nullable(),
      recoveryRate: z.number().nullable(),
      topRootCause: ZRootCauseSchema.nullable(),
    }),
  ),
});
export type TCaseMetrics = z.infer<typeof ZCaseMetricsSchema>;

const idParam = z.object({ id: ZObjectIdSchema });

export const casesContract = c.router({
  // before /cases/:id, whose id would otherwise take the word "settings"
  getSettings: {
    method: 'GET',
    path: '/cases/settings',
    responses: { 200: ZCaseSettingsSchema },
    summary: 'Due times per priority, automatic opening, assignment and contact-detail retention',
    metadata: businessRoute('cases:read'),
  },
  putSettings: {
    method: 'PUT',
    path: '/cases/settings',
    body: ZCaseSettingsSchema,
    responses: { 200: ZCaseSettingsSchema },
    summary: 'Change the case settings',
    metadata: businessRoute('cases:settings'),
  },
  list: {
    method: 'GET',
    path: '/cases',
    query: ZCaseListQuerySchema,
    responses: { 200: ZCasePageSchema },
    summary: 'The case inbox, most urgent first (overdue, then due soonest), filtered, cursor-paginated',
    metadata: withApiKey(businessRoute('cases:read'), 'cases:read'),
  },
  get: {
    method: 'GET',
    path: '/cases/:id',
    pathParams: idParam,
    responses: { 200: ZCaseDetailSchema },
    summary: 'One case with its notes, conversation and history',
    metadata: withApiKey(businessRoute('cases:read'), 'cases:read'),
  },
  open: {
    method: 'POST',
    path: '/cases',
    body: ZCaseOpenSchema,
    responses: { 201: ZCaseDetailSchema, 409: ZCaseDetailSchema },
    summary: 'Open a case by hand from a rating (409 with the existing case when it already has one)',
    metadata: businessRoute('cases:manage'),
  },
  update: {
    method: 'PATCH',
    path: '/cases/:id',
    pathParams: idParam,
    body: ZCasePatchSchema,
    responses: { 200: ZCaseDetailSchema },
    summary:
      'Status, owner, priority, root cause, action taken; resolving needs both; only a manager or above resolves, closes or reassigns',
    metadata: businessRoute('cases:work'),
  },
  addNote: {
    method: 'POST',
    path: '/cases/:id/notes',
    pathParams: idParam,
    body: ZCaseNoteInputSchema,
    responses: { 201: ZCaseNoteSchema },
    summary: 'An internal note (never shown to the customer)',
    metadata: businessRoute('cases:work'),
  },
  metrics: {
    method: 'GET',
    path: '/analytics/cases',
    query: ZCaseMetricsQuerySchema,
    responses: { 200: ZCaseMetricsSchema },
    summary: 'Median first response and resolution, % within SLA, recovery rate, top root causes, per store',
    metadata: withApiKey(businessRoute('analytics:read'), 'cases:read'),
  },
});
