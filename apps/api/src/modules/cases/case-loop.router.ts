// /api/v1 handlers closing the loop: replies to the customer, their signed link, the staff member's side, the ruling.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { accessOf } from '../../tenancy/access';
import { memberRateLimit } from '../../tenancy/rate-limits';
import { customerAnswer, customerRecovery, customerView } from './case-customer.service';
import { ruleDispute } from './case-dispute.service';
import { replyToCustomer } from './case-reply.service';
import { addStaffSide, staffCases } from './case-staff.service';

const s = initServer();
const accessFrom = (req: unknown) => accessOf(req as Request);
const SLOW_DOWN = 'Too many requests. Please wait a moment and try again.';

/** Opening the link: a person reads it a few times; a link walker is slowed down. */
const readLimit = rateLimit({
  name: 'case-link-read',
  windowMs: 60_000,
  limit: 60,
  key: byIp,
  message: SLOW_DOWN,
});

/** Writing through a public link, per address. */
const writeLimit = rateLimit({
  name: 'case-link-write',
  windowMs: 10 * 60_000,
  limit: 20,
  key: byIp,
  message: SLOW_DOWN,
});

/** Writing into one case through its link, from any address: a stranger cannot flood a case. */
const perCaseLimit = rateLimit({
  name: 'case-link-case',
  windowMs: 60 * 60_000,
  limit: 10,
  key: (req) => {
    const p = req.params as Record<string, string | undefined>;
    return p.caseId ?? p.token?.split('.')[0];
  },
  message: 'Too many messages on this conversation. Please try again later.',
});

/** A member replying to customers: enough for a busy day, not a mail cannon. */
const replyLimit = memberRateLimit({
  name: 'case-reply',
  limit: 60,
  message: 'You can send at most 60 replies an hour. Please try again later.',
});

export const caseLoopRouter = s.router(contract.caseLoop, {
  reply: {
    middleware: [replyLimit],
    handler: async ({ req, params, body }) => ({
      status: 201,
      body: await replyToCustomer(accessFrom(req), params.id, body),
    }),
  },
  rule: async ({ req, params, body }) => ({
    status: 200,
    body: await ruleDispute(accessFrom(req), params.id, body),
  }),
  customerView: {
    middleware: [readLimit],
    handler: async ({ params, res }) => {
      res.setHeader('cache-control', 'no-store');
      return { status: 200, body: await customerView(params.token) };
    },
  },
  customerAnswer: {
    middleware: [writeLimit, perCaseLimit],
    handler: async ({ params, body }) => ({ status: 201, body: await customerAnswer(params.token, body) }),
  },
  customerRecovery: {
    middleware: [writeLimit, perCaseLimit],
    handler: async ({ params, body }) => ({
      status: 201,
      body: await customerRecovery(params.token, body.recovered),
    }),
  },
  staffCases: {
    middleware: [readLimit],
    handler: async ({ params, res }) => {
      res.setHeader('cache-control', 'no-store');
      return { status: 200, body: { items: await staffCases(params.token) } };
    },
  },
  staffSide: {
    middleware: [writeLimit, perCaseLimit],
    handler: async ({ params, body }) => ({
      status: 201,
      body: await addStaffSide(params.token, params.caseId, body),
    }),
  },
});
