// /api/v1/integrations handlers: API keys (create once-shown, list, revoke) and outgoing webhooks.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { businessRateLimit } from '../../tenancy/rate-limits';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service';

const s = initServer();
const accessFrom = (req: unknown) => accessOf(req as Request);

/** Keys are made rarely, by hand; more than this an hour is a script or a stolen session. */
const apiKeyCreateLimit = businessRateLimit({
  name: 'api-key-create',
  limit: 10,
  message: 'A business can create at most 10 API keys an hour. Please try again later.',
});

export const integrationsRouter = s.router(contract.integrations, {
  createApiKey: {
    middleware: [apiKeyCreateLimit],
    handler: async ({ req, body }) => ({ status: 201, body: await createApiKey(accessFrom(req), body) }),
  },
  listApiKeys: async ({ req }) => ({ status: 200, body: { keys: await listApiKeys(accessFrom(req)) } }),
  revokeApiKey: async ({ req, params }) => {
    await revokeApiKey(accessFrom(req), params.id);
    return { status: 200, body: { message: 'API key revoked' } };
  },
  createWebhook: async ({ req, body }) => ({ status: 201, body: await createWebhook(accessFrom(req), body) }),
  listWebhooks: async ({ req, query }) => ({ status: 200, body: await listWebhooks(accessFrom(req), query) }),
  updateWebhook: async ({ req, params, body }) => ({
    status: 200,
    body: await updateWebhook(accessFrom(req), params.id, body),
  }),
  deleteWebhook: async ({ req, params }) => {
    await deleteWebhook(accessFrom(req), params.id);
    return { status: 200, body: { message: 'Webhook endpoint deleted' } };
  },
  rotateWebhookSecret: async ({ req, params }) => ({
    status: 200,
    body: await rotateWebhookSecret(accessFrom(req), params.id),
  }),
  listWebhookDeliveries: async ({ req, params, query }) => ({
    status: 200,
    body: await listDeliveries(accessFrom(req), params.id, query),
  }),
  redeliverWebhook: async ({ req, params }) => ({
    status: 202,
    body: await redeliver(accessFrom(req), params.id, params.deliveryId),
  }),
  testWebhook: async ({ req, params }) => ({
    status: 202,
    body: await sendTestEvent(accessFrom(req), params.id),
  }),
});
