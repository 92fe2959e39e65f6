// /ratings/flagged and /ratings/:id/restore (signed-in owners only): thin handlers over the review service.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { userIdOf } from '../../lib/auth';
import { listFlagged, restoreRating } from './rating-review.service';

const s = initServer();
/** ts-rest types req.query as the parsed query (numbers), which express's Request type does not allow. */
const ownerOf = (req: unknown): string => userIdOf(req as Request);

export const ratingReviewRouter = s.router(contract.ratingReview, {
  listFlagged: async ({ query, req }) => ({ status: 200, body: await listFlagged(ownerOf(req), query) }),
  restore: async ({ params, body, req }) => {
    const owner = ownerOf(req);
    return { status: 200, body: await restoreRating(owner, owner, params.id, body.note) };
  },
});
