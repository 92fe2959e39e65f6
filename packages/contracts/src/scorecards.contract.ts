// /scorecards: a staff member's personal scorecard (league-table figures, trend, shout-outs, badges), its PDF and share links.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import {
  ZAnalyticsFilterSchema,
  ZResolvedPeriodSchema,
  ZSeriesPointSchema,
  ZStaffLeagueRowSchema,
  withPeriodRules,
} from './analytics.schemas';
import { ZMessageSchema, ZObjectIdSchema } from './common';

const c = initContract();

/** The staff league table's period query (and store/area filter); the person is in the path. */
export const ZScorecardQuerySchema = withPeriodRules(
  ZAnalyticsFilterSchema.pick({ period: true, from: true, to: true, stores: true, areas: true }),
);
export type TScorecardQuery = z.input<typeof ZScorecardQuerySchema>;

/** A share link's period: kept with the link (a preset stays rolling, e.g. "last 30 days" moves with the calendar). */
export const ZScorecardShareBodySchema = withPeriodRules(
  ZAnalyticsFilterSchema.pick({ period: true, from: true, to: true }),
);
export type TScorecardShareBody = z.input<typeof ZScorecardShareBodySchema>;

export const SCORECARD_BADGES = [
  'five-star-10',
  'five-star-50',
  'five-star-100',
  'five-star-250',
  'top-of-league',
  'most-improved-month',
  'shift-star',
] as const;

export const ZScorecardBadgeSchema = z.object({
  id: z.enum(SCORECARD_BADGES),
  label: z.string(),
  description: z.string(),
});
export type TScorecardBadge = z.infer<typeof ZScorecardBadgeSchema>;

export const ZScorecardShoutOutSchema = z.object({
  _id: z.string(),
  comment: z.string(),
  score: z.number(),
  store: z.object({ _id: z.string(), name: z.string() }),
  day: z.string(),
});
export type TScorecardShoutOut = z.infer<typeof ZScorecardShoutOutSchema>;

export const ZScorecardSchema = z.object({
  period: ZResolvedPeriodSchema,
  /** The league table's minimum sample: below it the person is listed without a rank. */
  minSample: z.number(),
  /** Exactly the staff league table's row for this person and period (same code, same figures). */
  figures: ZStaffLeagueRowSchema,
  /** The person's own ratings per day (periods up to 31 days) or week. */
  trend: z.object({ granularity: z.enum(['day', 'week', 'month']), series: z.array(ZSeriesPointSchema) }),
  /** Five-star ratings ever received in the covered stores (what the five-star badges count). */
  fiveStarTotal: z.number(),
  badges: z.array(ZScorecardBadgeSchema),
  shoutOuts: z.array(ZScorecardShoutOutSchema),
});
export type TScorecard = z.infer<typeof ZScorecardSchema>;

export const ZScorecardShareSchema = z.object({
  _id: z.string(),
  staff: z.string(),
  period: ZAnalyticsFilterSchema.pick({ period: true, from: true, to: true }),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TScorecardShare = z.infer<typeof ZScorecardShareSchema>;

/** 32 random bytes in base64url. */
const ZShareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid');

const ZStaffParam = z.object({ staffId: ZObjectIdSchema });

export const scorecardsContract = c.router({
  publicScorecard: {
    method: 'GET',
    path: '/scorecards/public/:token',
    pathParams: z.object({ token: ZShareTokenSchema }),
    metadata: { public: true } as const,
    responses: { 200: ZScorecardSchema },
    summary: 'A shared scorecard, no login; 404 once the link is revoked',
  },
  get: {
    method: 'GET',
    path: '/scorecards/:staffId',
    pathParams: ZStaffParam,
    query: ZScorecardQuerySchema,
    metadata: businessRoute('analytics:read'),
    responses: { 200: ZScorecardSchema },
    summary: "A staff member's scorecard for a period (a person outside the member's stores is 404)",
  },
  pdf: {
    method: 'GET',
    path: '/scorecards/:staffId/pdf',
    pathParams: ZStaffParam,
    query: ZScorecardQuerySchema,
    metadata: businessRoute('analytics:read'),
    responses: { 200: c.otherResponse({ contentType: 'application/pdf', body: z.unknown() }) },
    summary: 'The scorecard as a one-page PDF',
  },
  createShare: {
    method: 'POST',
    path: '/scorecards/:staffId/share',
    pathParams: ZStaffParam,
    body: ZScorecardShareBodySchema,
    metadata: businessRoute('boards:manage'),
    responses: { 201: z.object({ _id: z.string(), url: z.string() }) },
    summary: 'Create a private link to the scorecard (the url is in this answer only)',
  },
  listShares: {
    method: 'GET',
    path: '/scorecards/:staffId/shares',
    pathParams: ZStaffParam,
    metadata: businessRoute('boards:manage'),
    responses: { 200: z.object({ shares: z.array(ZScorecardShareSchema) }) },
    summary: "The person's share links, newest first (without their urls)",
  },
  revokeShare: {
    method: 'DELETE',
    path: '/scorecards/shares/:id',
    pathParams: z.object({ id: ZObjectIdSchema }),
    body: c.noBody(),
    metadata: businessRoute('boards:manage'),
    responses: { 200: ZMessageSchema },
    summary: 'Revoke a share link: it answers 404 from then on',
  },
});
