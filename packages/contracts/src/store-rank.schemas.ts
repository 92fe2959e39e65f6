// A member's stores' places in the whole chain's store league (#36): rank and league size only, never another store.
import { z } from 'zod';
import { ZAnalyticsFilterSchema, ZResolvedPeriodSchema } from './analytics.schemas';

/** The period only: the chain is always every store, so no store, area or staff filter applies. */
export const ZStoreRankQuerySchema = ZAnalyticsFilterSchema.pick({ period: true, from: true, to: true });
export type TStoreRankQuery = z.infer<typeof ZStoreRankQuerySchema>;

export const ZStoreRankSchema = z.object({
  period: ZResolvedPeriodSchema,
  /** How many stores of the chain are ranked (enough ratings in the period): the "of 3" in "#2 of 3". */
  ranked: z.number().int().nonnegative(),
  /** The ratings a store needs in the period before it is ranked. */
  minSample: z.number().int().positive(),
  /** The member's own stores only, each with its place (null: not ranked yet). */
  stores: z.array(
    z.object({
      store: z.object({ _id: z.string(), name: z.string() }),
      rank: z.number().int().positive().nullable(),
      ratings: z.number().int().nonnegative(),
    }),
  ),
});
export type TStoreRank = z.infer<typeof ZStoreRankSchema>;
