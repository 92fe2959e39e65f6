// The area league table: the areas one level below a node (or at one level of the tree) ranked like the store league.
import { z } from 'zod';
import {
  ZAnalyticsFilterSchema,
  ZLeagueFiguresSchema,
  ZResolvedPeriodSchema,
} from './analytics.schemas';
import { ZObjectIdSchema, zQueryInt } from './common';
import { ZTargetPerformanceSchema } from './targets.contract';

export const AREA_LEAGUE_SORTS = ['rank', 'ratings', 'average', 'csat', 'trend', 'stores', 'name'] as const;

/** How deep `level` may go (the top area is level 0, its areas level 1: regions, then districts…). */
export const AREA_LEVEL_MAX = 20;

export const AREA_LEAGUE_MESSAGES = {
  levelBelowParent: 'Choose a level below the parent area',
} as const;

export const ZAreaLeagueQuerySchema = ZAnalyticsFilterSchema.extend({
  /** The node whose areas are ranked; absent: the top area the caller covers (the business's, or their own node). */
  parent: ZObjectIdSchema.optional(),
  /** Rank every area at this depth under the parent instead of the parent's own areas (1 = the top area's areas). */
  level: zQueryInt('Level', 1, AREA_LEVEL_MAX).optional(),
  sort: z.enum(AREA_LEAGUE_SORTS).default('rank'),
  order: z.enum(['asc', 'desc']).optional(),
});
export type TAreaLeagueQuery = z.infer<typeof ZAreaLeagueQuerySchema>;

export const ZAreaRefSchema = z.object({ _id: z.string(), name: z.string() });
export type TAreaRef = z.infer<typeof ZAreaRefSchema>;

/** One area: its stores' ratings summed (each store's own days), ranked by the store league's rules. */
export const ZAreaLeagueRowSchema = ZLeagueFiguresSchema.extend({
  area: ZAreaRefSchema,
  /** Live stores under the area that the call covers. */
  stores: z.number(),
  /** Each target metric against its target, parent area and peers. */
  targets: z.array(ZTargetPerformanceSchema).optional(),
});
export type TAreaLeagueRow = z.infer<typeof ZAreaLeagueRowSchema>;

export const ZAreaLeagueSchema = z.object({
  period: ZResolvedPeriodSchema,
  /** The node whose areas are listed, and the path from the top to it (for a breadcrumb). */
  parent: ZAreaRefSchema,
  path: z.array(ZAreaRefSchema),
  /** The depth of the listed areas (1 = the top area's areas). */
  level: z.number(),
  minSample: z.number(),
  /** The mean score over the listed areas' stores: the prior every adjusted average is pulled towards. */
  priorMean: z.number().nullable(),
  ranked: z.array(ZAreaLeagueRowSchema),
  notRanked: z.array(ZAreaLeagueRowSchema),
});
export type TAreaLeague = z.infer<typeof ZAreaLeagueSchema>;
