// /api/v1/scorecards handlers: the card, its PDF, share links (create once-shown, list, revoke) and the public card.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { memberRateLimit } from '../../tenancy/rate-limits';
import { scorecardPdf } from './scorecard.pdf';
import { scorecardFor } from './scorecard.service';
import { createShare, listShares, publicScorecard, revokeShare } from './scorecard-shares.service';

const s = initServer();
const accessFrom = (req: unknown) => accessOf(req as Request);

/** Each share link is a public page: enough an hour for a manager to share every card of a store. */
const shareLimit = memberRateLimit({
  name: 'scorecard-share',
  limit: 30,
  message: 'You can create at most 30 scorecard share links an hour. Please try again later.',
});

/** "ana-lopez": the person's name as a file name. */
const fileSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'staff';

export const scorecardsRouter = s.router(contract.scorecards, {
  publicScorecard: async ({ params, res }) => {
    res.setHeader('cache-control', 'no-store');
    return { status: 200, body: await publicScorecard(params.token) };
  },
  get: async ({ req, params, query }) => ({
    status: 200,
    body: await scorecardFor(accessFrom(req), params.staffId, query),
  }),
  pdf: async ({ req, params, query, res }) => {
    const card = await scorecardFor(accessFrom(req), params.staffId, query);
    const pdf = await scorecardPdf(card);
    const file = `scorecard-${fileSlug(card.figures.staff.name)}-${card.period.from}-${card.period.to}.pdf`;
    res.setHeader('cache-control', 'private, no-store');
    res.setHeader('content-disposition', `attachment; filename="${file}"`);
    return { status: 200, body: pdf };
  },
  createShare: {
    middleware: [shareLimit],
    handler: async ({ req, params, body }) => ({
      status: 201,
      body: await createShare(accessFrom(req), params.staffId, body),
    }),
  },
  listShares: async ({ req, params }) => ({
    status: 200,
    body: { shares: await listShares(accessFrom(req), params.staffId) },
  }),
  revokeShare: async ({ req, params }) => {
    await revokeShare(accessFrom(req), params.id);
    return { status: 200, body: { message: 'Share link revoked' } };
  },
});
