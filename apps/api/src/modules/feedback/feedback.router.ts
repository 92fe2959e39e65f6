// Public /feedback routes: per-IP limits in front, thin handlers that pass the caller's address on to be hashed.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { customerStore } from './customer-store';
import { issueDeviceId } from './device-id';
import { recordSocialClick, recordVisit, submitRating, type SubmitResult } from './feedback.service';
import type { Requester } from './fingerprint';

const s = initServer();
const TEN_MINUTES = 10 * 60 * 1000;

/** Generous enough for one busy shop's Wi-Fi (every customer shares its address), tight enough to stop a script. */
export const FEEDBACK_IP_LIMITS = { ratings: 120, events: 300, reads: 300, windowMs: TEN_MINUTES } as const;

/**
 * New device ids per network per 10 minutes: each browser asks once and keeps its id, so 100 is twice a very busy
 * shop's 50 new phones in 10 minutes (room for private tabs that cannot keep one), while a script stockpiling ids to
 * dodge the per-device interval gets at most that many.
 */
export const DEVICE_ISSUE_LIMIT = { limit: 100, windowMs: TEN_MINUTES } as const;

const deviceLimit = rateLimit({
  name: 'feedback-device',
  windowMs: DEVICE_ISSUE_LIMIT.windowMs,
  limit: DEVICE_ISSUE_LIMIT.limit,
  key: byIp,
  message: 'Too many new devices from this network. Please try again in a few minutes.',
});

const ratingLimit = rateLimit({
  name: 'feedback-ratings',
  windowMs: FEEDBACK_IP_LIMITS.windowMs,
  limit: FEEDBACK_IP_LIMITS.ratings,
  key: byIp,
  message: 'Too many ratings from this network. Please try again in a few minutes.',
});
const eventLimit = rateLimit({
  name: 'feedback-events',
  windowMs: FEEDBACK_IP_LIMITS.windowMs,
  limit: FEEDBACK_IP_LIMITS.events,
  key: byIp,
  message: 'Too many requests from this network. Please try again in a few minutes.',
});
const readLimit = rateLimit({
  name: 'feedback-reads',
  windowMs: FEEDBACK_IP_LIMITS.windowMs,
  limit: FEEDBACK_IP_LIMITS.reads,
  key: byIp,
  message: 'Too many requests from this network. Please try again in a few minutes.',
});

const requesterOf = (req: Request): Requester => ({ ip: req.ip, userAgent: req.get('user-agent') });

/** Retries are answered like the first attempt; the header tells a curious client it was a replay (as Stripe does). */
function created<T>(res: { setHeader(name: string, value: string): unknown }, result: SubmitResult<T>) {
  if (result.replayed) res.setHeader('idempotent-replayed', 'true');
  return { status: 201 as const, body: result.body };
}

export const feedbackRouter = s.router(contract.feedback, {
  getStore: {
    middleware: [readLimit],
    handler: async ({ params, res }) => {
      // Staff on shift change through the day: short shared caching only; express adds the ETag and answers a repeat
      // whose If-None-Match still matches with 304 and no body (test/feedback/store.test.ts).
      res.setHeader('cache-control', 'public, max-age=30');
      return { status: 200, body: await customerStore(params.storeId, new Date()) };
    },
  },
  recordVisit: {
    middleware: [eventLimit],
    handler: async ({ body, req, res }) => created(res, await recordVisit(body, requesterOf(req))),
  },
  rateStaff: {
    middleware: [ratingLimit],
    handler: async ({ body, req, res }) =>
      created(res, await submitRating({ ...body, kind: 'staff' }, requesterOf(req))),
  },
  rateExperience: {
    middleware: [ratingLimit],
    handler: async ({ body, req, res }) =>
      created(res, await submitRating({ ...body, kind: 'experience', staff: undefined }, requesterOf(req))),
  },
  issueDevice: {
    middleware: [deviceLimit],
    handler: async ({ res }) => {
      res.setHeader('cache-control', 'no-store');
      return { status: 201, body: { deviceId: issueDeviceId() } };
    },
  },
  recordSocialClick: {
    middleware: [eventLimit],
    handler: async ({ body, req, res }) => created(res, await recordSocialClick(body, requesterOf(req))),
  },
});
