// /reports: thin handlers over the reports service (the member's own preferences, send now, public unsubscribe).
import type { Request, RequestHandler } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { memberRateLimit } from '../../tenancy/rate-limits';
import { unsubscribePageUrl } from './report.mail';
import {
  getPreferences,
  previewUnsubscribe,
  sendNow,
  unsubscribe,
  updatePreferences,
} from './reports.service';

const s = initServer();
const memberOf = (req: unknown) => accessOf(req as Request);

/** Each "send me one now" builds a PDF and sends a mail: a few an hour is plenty for the member's own inbox. */
const sendNowLimit = memberRateLimit({
  name: 'report-send-now',
  limit: 3,
  message: 'You can send yourself at most 3 reports an hour. Please try again later.',
});

export const reportsRouter = s.router(contract.reports, {
  getPreferences: async ({ req }) => ({ status: 200, body: await getPreferences(memberOf(req)) }),
  updatePreferences: async ({ body, req }) => ({
    status: 200,
    body: await updatePreferences(memberOf(req), body),
  }),
  sendNow: {
    middleware: [sendNowLimit],
    handler: async ({ body, req }) => ({ status: 200, body: await sendNow(memberOf(req), body.period) }),
  },
  unsubscribe: async ({ query }) => ({ status: 200, body: await previewUnsubscribe(query.token) }),
  unsubscribeOneClick: async ({ query }) => ({ status: 200, body: await unsubscribe(query.token) }),
});

/**
 * The List-Unsubscribe URL opened in a browser (a mail client without one-click support does that): the web page that
 * says which report it stops, with its button, instead of the JSON preview that API clients get from the same GET.
 */
export const unsubscribeInBrowser: RequestHandler = (req, res, next) => {
  const { token } = req.query;
  if (typeof token !== 'string' || !token || req.accepts(['json', 'html']) !== 'html') return next();
  res.redirect(303, unsubscribePageUrl(token));
};
