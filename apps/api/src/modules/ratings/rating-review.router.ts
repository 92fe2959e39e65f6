// /ratings/flagged and /ratings/:id/restore (signed-in owners only): thin handlers over the review service.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { listFlagged, restoreRating } from './rating-review.service';

const s = initServer();
/** ts-rest types req.query as the parsed query (numbers), which express's Request type does not allow. */
const businessOf = (req: unknown): string => accessOf(req as Request).businessId;

export const ratingReviewRouter = s.router(contract.ratingReview, {
  listFlagged: async ({ query, req }) => ({ status: 200, body: await listFlagged(businessOf(req), query) }),
  restore: async ({ params, body, req }) => {
    const business = businessOf(req);
    return { status: 200, body: await restoreRating(business, business, params.id, body.note) };
  },
});
