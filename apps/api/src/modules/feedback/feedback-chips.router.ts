// /api/v1/feedback-chips handlers: the business's own rating chips (read by members, changed by admins, audited).
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { getChips, putChips, resetChips } from './feedback-chips.service';

const s = initServer();

export const feedbackChipsRouter = s.router(contract.feedbackChips, {
  get: async ({ req }) => ({ status: 200, body: await getChips(accessOf(req)) }),
  put: async ({ req, body }) => ({ status: 200, body: await putChips(accessOf(req), body) }),
  reset: async ({ req }) => ({ status: 200, body: await resetChips(accessOf(req)) }),
});
