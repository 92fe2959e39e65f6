// /ratings/flagged and /ratings/:id/restore (reviewing members, over their stores): thin handlers over the service.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { listFlagged, restoreRating } from './rating-review.service';

const s = initServer();
/** ts-rest types req.query as the parsed query (numbers), which express's Request type does not allow. */
const memberOf = (req: unknown) => accessOf(req as Request);

export const ratingReviewRouter = s.router(contract.ratingReview, {
  listFlagged: async ({ query, req }) => ({ status: 200, body: await listFlagged(memberOf(req), query) }),
  restore: async ({ params, body, req }) => ({
    status: 200,
    body: await restoreRating(memberOf(req), params.id, body.note),
  }),
});
