// /api/v1/boards handlers: breakroom board links (create, list, switch off) and the public board data.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { accessOf } from '../../tenancy/access';
import { businessRateLimit } from '../../tenancy/rate-limits';
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
  publicBoard: {
    middleware: [publicLimit],
    handler: async ({ params }) => ({ status: 200, body: await publicBoard(params.token) }),
  },
});
