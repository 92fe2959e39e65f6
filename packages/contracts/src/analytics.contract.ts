// The dashboard's numbers: Snapshot, Overview, staff, store and area league tables, feedback timeline, CSV exports, settings.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, withApiKey } from './access';
import {
  ZAnalyticsFilterSchema,
  ZAnalyticsSettingsSchema,
  ZLeagueQuerySchema,
  ZOverviewQuerySchema,
  ZOverviewSchema,
  ZSnapshotSchema,
  ZStaffLeagueSchema,
  ZStoreLeagueSchema,
  ZTimelinePageSchema,
  ZTimelineQuerySchema,
  withPeriodRules,
} from './analytics.schemas';
import { ZAreaLeagueQuerySchema, ZAreaLeagueSchema } from './area-league.schemas';
import { ZStoreRankQuerySchema, ZStoreRankSchema } from './store-rank.schemas';
import { ZThemesQuerySchema, ZThemesReportSchema } from './themes.schemas';

export * from './analytics.schemas';
export * from './area-league.schemas';
export * from './scope-query.schemas';
export * from './store-rank.schemas';

const c = initContract();

export const EXPORT_TABLES = ['timeline', 'staff', 'stores'] as const;

export const analyticsContract = c.router({
  snapshot: {
    method: 'GET',
    path: '/analytics/snapshot',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    query: withPeriodRules(ZAnalyticsFilterSchema),
    responses: { 200: ZSnapshotSchema },
    summary:
      'KPI snapshot for a period with the previous period, best and most-improved staff, stores, latest comments',
  },
  overview: {
    method: 'GET',
    path: '/analytics/overview',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    query: withPeriodRules(ZOverviewQuerySchema),
    responses: { 200: ZOverviewSchema },
    summary: 'Series by day/week/month, hour-of-week heatmap and staff/experience split',
  },
  staffLeague: {
    method: 'GET',
    path: '/analytics/staff-league',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    query: withPeriodRules(ZLeagueQuerySchema),
    responses: { 200: ZStaffLeagueSchema },
    summary:
      'Staff ranked by Bayesian-adjusted average, with shift experience; people below the minimum listed apart',
  },
  storeLeague: {
    method: 'GET',
    path: '/analytics/store-league',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    query: withPeriodRules(ZLeagueQuerySchema),
    responses: { 200: ZStoreLeagueSchema },
    summary: 'Stores ranked by Bayesian-adjusted average, with visits, rating rate and social clicks',
  },
  storeRank: {
    method: 'GET',
    path: '/analytics/store-rank',
    metadata: businessRoute('analytics:read'),
    query: withPeriodRules(ZStoreRankQuerySchema),
    responses: { 200: ZStoreRankSchema },
    summary:
      "The member's stores' rank among all the chain's stores (\"#2 of 3\"), without any other store's name or figures",
  },
  areaLeague: {
    method: 'GET',
    path: '/analytics/area-league',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    query: withPeriodRules(ZAreaLeagueQuerySchema),
    responses: { 200: ZAreaLeagueSchema },
    summary:
      "Areas one level below a node (or at one level) ranked like stores: their stores' ratings summed, adjusted average",
  },
  timeline: {
    method: 'GET',
    path: '/analytics/timeline',
    metadata: withApiKey(businessRoute('analytics:read'), 'ratings:read'),
    query: withPeriodRules(ZTimelineQuerySchema),
    responses: { 200: ZTimelinePageSchema },
    summary: 'Ratings newest first, cursor-paginated (stable under new arrivals), filtered',
  },
  themes: {
    method: 'GET',
    path: '/analytics/themes',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    query: withPeriodRules(ZThemesQuerySchema),
    responses: { 200: ZThemesReportSchema },
    summary:
      'What customers talk about: top comment themes per period and store, previous-period counts, two examples each',
  },
  exportCsv: {
    method: 'GET',
    path: '/analytics/export/:table',
    metadata: withApiKey(businessRoute('analytics:read'), 'ratings:read'),
    pathParams: z.object({ table: z.enum(EXPORT_TABLES) }),
    query: withPeriodRules(
      ZTimelineQuerySchema.omit({ cursor: true, limit: true }).merge(ZLeagueQuerySchema),
    ),
    responses: { 200: c.otherResponse({ contentType: 'text/csv', body: z.unknown() }) },
    summary:
      'Streams the timeline or a league table as CSV with the current filters; period and zone in the file name ' +
      '(an API key needs ratings:read for the timeline, analytics:read for a league table)',
  },
  getSettings: {
    method: 'GET',
    path: '/analytics/settings',
    metadata: withApiKey(businessRoute('analytics:read'), 'analytics:read'),
    responses: { 200: ZAnalyticsSettingsSchema },
    summary: "The business's ranking settings (minimum ratings before a person or store is ranked)",
  },
  updateSettings: {
    method: 'PUT',
    path: '/analytics/settings',
    metadata: businessRoute('analytics:settings'),
    body: ZAnalyticsSettingsSchema,
    responses: { 200: ZAnalyticsSettingsSchema },
    summary: 'Change the minimum sample for rankings',
  },
});
