// /api/v1/boards handlers: breakroom board links (create, list, switch off) and the public board data.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { accessOf } from '../../tenancy/access';
import { businessRateLimit } from '../../tenancy/rate-limits';
import { createPairing, redeemPairing } from './board-pairing.service';
import { createBoard, listBoards, publicBoard, switchOffBoard } from './boards.service';

const s = initServer();
const accessFrom = (req: unknown) => accessOf(req as Request);

/** A TV refetches every half minute and on each nudge; a link walker is slowed down. */
const publicLimit = rateLimit({
  name: 'public-board',
  windowMs: 60_000,
  limit: 120,
  key: byIp,
  message: 'Too many requests. Please wait a moment and try again.',
});

/** Each board is a live public link; a business opening more than this an hour is a script, not a breakroom. */
const createLimit = businessRateLimit({
  name: 'board-create',
  limit: 20,
  message: 'A business can create at most 20 board links an hour. Please try again later.',
});

/**
 * Pairing codes are short (31^6), so a TV's tries are few: 10 wrong codes per address in 10 minutes, then 429. Guessing
 * one of the few live codes (each lasting minutes) at that pace would take centuries.
 */
export const PAIRING_REDEEM_LIMIT = 10;
const redeemLimit = rateLimit({
  name: 'board-pairing-redeem',
  windowMs: 10 * 60_000,
  limit: PAIRING_REDEEM_LIMIT,
  key: byIp,
  countOnlyFailures: true,
  message: 'Too many wrong codes. Please wait a few minutes and try again.',
});

/** A code is shown for one TV: more than this an hour from one business is a script. */
const pairingLimit = businessRateLimit({
  name: 'board-pairing-create',
  limit: 30,
  message: 'A business can show at most 30 TV pairing codes an hour. Please try again later.',
});

export const boardsRouter = s.router(contract.boards, {
  create: {
    middleware: [createLimit],
    handler: async ({ req, body }) => ({ status: 201, body: await createBoard(accessFrom(req), body.store) }),
  },
  list: async ({ req }) => ({ status: 200, body: { boards: await listBoards(accessFrom(req)) } }),
  remove: async ({ req, params }) => {
    await switchOffBoard(accessFrom(req), params.id);
    return { status: 200, body: { message: 'Board switched off' } };
  },
  createPairing: {
    middleware: [pairingLimit],
    handler: async ({ req, body }) => ({
      status: 201,
      body: await createPairing(accessFrom(req), body.store),
    }),
  },
  redeemPairing: {
    middleware: [redeemLimit],
    handler: async ({ body }) => ({ status: 200, body: await redeemPairing(body.code) }),
  },
  publicBoard: {
    middleware: [publicLimit],
    handler: async ({ params }) => ({ status: 200, body: await publicBoard(params.token) }),
  },
});
