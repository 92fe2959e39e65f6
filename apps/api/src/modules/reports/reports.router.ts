// /reports: thin handlers over the reports service (the member's own preferences, send now, public unsubscribe).
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import {
  getPreferences,
  previewUnsubscribe,
  sendNow,
  unsubscribe,
  updatePreferences,
} from './reports.service';

const s = initServer();
const memberOf = (req: unknown) => accessOf(req as Request);

export const reportsRouter = s.router(contract.reports, {
  getPreferences: async ({ req }) => ({ status: 200, body: await getPreferences(memberOf(req)) }),
  updatePreferences: async ({ body, req }) => ({
    status: 200,
    body: await updatePreferences(memberOf(req), body),
  }),
  sendNow: async ({ body, req }) => ({ status: 200, body: await sendNow(memberOf(req), body.period) }),
  unsubscribe: async ({ query }) => ({ status: 200, body: await previewUnsubscribe(query.token) }),
  unsubscribeOneClick: async ({ query }) => ({ status: 200, body: await unsubscribe(query.token) }),
});
