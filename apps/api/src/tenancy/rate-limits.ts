// Rate limits on what signed-in members do (mail a report, create keys, boards, links): per member or per business.
import type { Request, RequestHandler } from 'express';
import { rateLimit } from '../lib/rate-limit';

const HOUR = 60 * 60 * 1000;

interface ActionLimit {
  name: string;
  /** How many in the window (an hour unless said). */
  limit: number;
  windowMs?: number;
  message: string;
}

/**
 * Route middleware, so it runs after the access guard: only calls the member may make count, and req.access says
 * whose they are (a member, or an API key as its own actor).
 */
const limiter = (opts: ActionLimit, key: (req: Request) => string | undefined): RequestHandler =>
  rateLimit({
    name: opts.name,
    windowMs: opts.windowMs ?? HOUR,
    limit: opts.limit,
    message: opts.message,
    key,
  });

/** Each member of each business has their own budget. */
export const memberRateLimit = (opts: ActionLimit) =>
  limiter(opts, (req) => (req.access ? `${req.access.businessId}:${req.access.userId}` : undefined));

/** The whole business shares one budget, whoever of its members asks. */
export const businessRateLimit = (opts: ActionLimit) => limiter(opts, (req) => req.access?.businessId);
