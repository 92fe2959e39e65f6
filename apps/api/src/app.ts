// Builds the Express app (never listens): security headers, CORS, body limits, request logging, the contract, errors.
import express, { type Express } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { createExpressEndpoints } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { env, type TrustProxy } from './config/env';
import { setSessionValidator } from './lib/auth';
import { accessGuard, resolveAccess } from './tenancy/access';
import { setSocketAdmission } from './lib/realtime';
import { errorMiddleware } from './lib/errors';
import { logger, serializeRequest, serializeResponse } from './lib/logger';
import { analyticsRouter } from './modules/analytics/analytics.router';
import { docsRouter } from './modules/docs/openapi';
import { anonymousRouter } from './modules/anonymous/anonymous.router';
import { feedbackRouter } from './modules/feedback/feedback.router';
import { filesRouter } from './modules/files/files.router';
import { healthRouter } from './modules/health/health.router';
import { alertsRouter } from './modules/alerts/alerts.router';
import { areasRouter } from './modules/areas/areas.router';
import { targetsRouter } from './modules/targets/targets.router';
import { onboardingRouter } from './modules/onboarding/onboarding.router';
import { apiKeyRateLimit } from './modules/integrations/api-key-access';
import { integrationsRouter } from './modules/integrations/integrations.router';
import { registerWebhooks } from './modules/integrations/webhooks.events';
import { kiosksRouter } from './modules/kiosks/kiosks.router';
import { scorecardsRouter } from './modules/scorecards/scorecards.router';
import { configureBilling, type BillingOverrides } from './modules/plans/billing.config';
import { plansRouter, WEBHOOK_PATH, webhookRawBody } from './modules/plans/plans.router';
import { registerInsightReactions } from './modules/insight/insight.reaction';
import { themesRouter } from './modules/insight/themes.router';
import { registerNotificationReactions } from './modules/notifications/notifications.jobs';
import { notificationsRouter } from './modules/notifications/notifications.router';
import { ratingReviewRouter } from './modules/ratings/rating-review.router';
import { reportsRouter, unsubscribeInBrowser } from './modules/reports/reports.router';
import { rotaRouter } from './modules/rota/rota.router';
import { staffRouter } from './modules/staff/staff.router';
import { storesRouter } from './modules/stores/stores.router';
import { storeBulkRouter } from './modules/stores/stores.bulk';
import { usersRouter } from './modules/users/users.router';
import { teamRouter } from './modules/team/team.router';
import { auditRouter } from './modules/audit/audit.router';
import { registerBoardReactions } from './modules/boards/boards.realtime';
import { boardsRouter } from './modules/boards/boards.router';
import { brandRouter } from './modules/brand/brand.router';
import { caseLoopRouter } from './modules/cases/case-loop.router';
import { registerCaseReactions } from './modules/cases/case-reactions';
import { casesRouter } from './modules/cases/cases.router';
import { privacyRouter } from './modules/cases/privacy.router';
import { validateSession } from './modules/users/users.service';

export interface AppDeps {
  /** Origins allowed by CORS; defaults to WEB_ORIGIN (comma-separated). */
  webOrigins?: string[];
  /** Payments backend; defaults to the environment (Stripe keys, or the local test checkout without them). */
  billing?: BillingOverrides;
  /** Express's `trust proxy` (hops or proxy addresses); defaults to TRUST_PROXY. */
  trustProxy?: TrustProxy;
}

export function createApp(deps: AppDeps = {}): Express {
  // Tokens of deleted users or from before a password change stop working at once.
  setSessionValidator(validateSession);
  setSocketAdmission(async (auth) => {
    await resolveAccess(auth);
  });
  configureBilling(deps.billing);
  registerNotificationReactions();
  registerInsightReactions();
  registerBoardReactions();
  registerWebhooks();
  registerCaseReactions();
  const app = express();
  app.disable('x-powered-by');
  // JSON with <, > and & as \u escapes (same values): nginx puts the store face into the QR page's HTML as is, where a
  // name holding "</script>" must not end the block (docker/nginx.conf, apps/web/store-face-server.ts).
  app.set('json escape', true);
  // req.ip is the client's address only when exactly the proxies in front of the API are trusted (docs/operations.md).
  app.set('trust proxy', deps.trustProxy ?? env.TRUST_PROXY);
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  const origins = deps.webOrigins ?? env.WEB_ORIGIN.split(',').map((o) => o.trim());
  // Credentials: the login route reads the browser's known-device cookie (httpOnly), also from a web app on another origin.
  app.use(cors({ origin: origins, credentials: true }));
  app.use(
    pinoHttp({
      logger,
      serializers: { req: serializeRequest, res: serializeResponse },
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
    }),
  );
  // Stripe signs the exact bytes of its events: the webhook keeps its raw body (the JSON parser then skips it).
  app.use(WEBHOOK_PATH, webhookRawBody);
  app.use(express.json({ limit: env.JSON_BODY_LIMIT }));
  // Each API key's own request budget, before the guard looks the key up (429 with the standard body).
  app.use('/api/v1', apiKeyRateLimit());
  app.get('/api/v1/reports/unsubscribe', unsubscribeInBrowser);

  createExpressEndpoints(
    contract,
    {
      health: healthRouter,
      analytics: analyticsRouter,
      files: filesRouter,
      feedback: feedbackRouter,
      ratingReview: ratingReviewRouter,
      stores: storesRouter,
      staff: staffRouter,
      rota: rotaRouter,
      anonymous: anonymousRouter,
      users: usersRouter,
      plans: plansRouter,
      notifications: notificationsRouter,
      team: teamRouter,
      audit: auditRouter,
      kiosks: kiosksRouter,
      integrations: integrationsRouter,
      themes: themesRouter,
      boards: boardsRouter,
      scorecards: scorecardsRouter,
      reports: reportsRouter,
      alerts: alertsRouter,
      areas: areasRouter,
      targets: targetsRouter,
      brand: brandRouter,
      onboarding: onboardingRouter,
      cases: casesRouter,
      caseLoop: caseLoopRouter,
      privacy: privacyRouter,
      storeBulk: storeBulkRouter,
    },
    app,
    {
      globalMiddleware: [accessGuard],
      requestValidationErrorHandler: (err, _req, _res, next) => next(err),
    },
  );

  app.use(docsRouter());

  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
  });
  app.use(errorMiddleware);
  return app;
}
