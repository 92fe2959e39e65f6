// /integrations: the business's API keys (scoped, optionally store-limited, secret shown once) and outgoing webhooks.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { API_KEY_SCOPES, businessRoute, withApiKey, ZApiKeyScopeSchema, type TApiKeyScope } from './access';
import { ZMessageSchema, ZObjectIdSchema, ZStoreLimitSchema } from './common';
import {
  ZCreateWebhookSchema,
  ZUpdateWebhookSchema,
  ZWebhookDeliveriesQuerySchema,
  ZWebhookDeliveryIdSchema,
  ZWebhookDeliverySchema,
  ZWebhookIdSchema,
  ZWebhookSchema,
  ZWebhooksQuerySchema,
} from './webhooks.schemas';

const c = initContract();

/** Every API key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cxk_';

/** How a scope is named to people (the create dialog, the key list, the API reference). */
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'ratings:read': 'Read ratings',
  'analytics:read': 'Read analytics',
  'webhooks:manage': 'Manage webhooks',
  'stores:import': 'Import stores (CSV)',
  'cases:read': 'Read cases',
};

export const ZCreateApiKeySchema = z.object({
  name: z
    .string({ required_error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name can be at most 80 characters'),
  scopes: z
    .array(ZApiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** Limits the key to these stores; absent or empty means every store of the business. */
  stores: ZStoreLimitSchema,
});
export type TCreateApiKey = z.input<typeof ZCreateApiKeySchema>;

export const ZApiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters (`cxk_ab12…`), enough to recognise it; never the secret. */
  prefix: z.string(),
  scopes: z.array(ZApiKeyScopeSchema),
  /** Empty: every store. */
  stores: z.array(z.string()),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

const ZId = z.object({ id: ZObjectIdSchema });
/** Webhook routes: Owner and Admin, or an API key holding webhooks:manage. */
const webhooksRoute = withApiKey(businessRoute('integrations:manage'), 'webhooks:manage');

export const integrationsContract = c.router({
  createApiKey: {
    method: 'POST',
    path: '/integrations/api-keys',
    metadata: businessRoute('integrations:manage'),
    body: ZCreateApiKeySchema,
    responses: { 201: z.object({ _id: z.string(), key: z.string() }) },
    summary: 'Create an API key (the key is in this answer only)',
  },
  listApiKeys: {
    method: 'GET',
    path: '/integrations/api-keys',
    metadata: businessRoute('integrations:manage'),
    responses: { 200: z.object({ keys: z.array(ZApiKeySchema) }) },
    summary: "The business's API keys, without secrets",
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/integrations/api-keys/:id',
    pathParams: ZId,
    body: c.noBody(),
    metadata: businessRoute('integrations:manage'),
    responses: { 200: ZMessageSchema },
    summary: 'Revoke an API key: its next use answers 401',
  },
  createWebhook: {
    method: 'POST',
    path: '/integrations/webhooks',
    metadata: webhooksRoute,
    body: ZCreateWebhookSchema,
    responses: { 201: z.object({ _id: z.string(), secret: z.string() }) },
    summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
  },
  listWebhooks: {
    method: 'GET',
    path: '/integrations/webhooks',
    query: ZWebhooksQuerySchema,
    metadata: webhooksRoute,
    responses: {
      200: z.object({
        webhooks: z.array(ZWebhookSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
      }),
    },
    summary: "The business's webhook endpoints, newest first, a page at a time (without secrets)",
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/integrations/webhooks/:id',
    pathParams: ZWebhookIdSchema,
    metadata: webhooksRoute,
    body: ZUpdateWebhookSchema,
    responses: { 200: ZWebhookSchema },
    summary: "Change an endpoint's URL or events, or turn it on or off",
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/integrations/webhooks/:id',
    pathParams: ZWebhookIdSchema,
    body: c.noBody(),
    metadata: webhooksRoute,
    responses: { 200: ZMessageSchema },
    summary: 'Delete an endpoint: nothing more is sent to it',
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/integrations/webhooks/:id/rotate-secret',
    pathParams: ZWebhookIdSchema,
    body: c.noBody(),
    metadata: webhooksRoute,
    responses: { 200: z.object({ secret: z.string(), previousSecretExpiresAt: z.string() }) },
    summary: 'A new signing secret (shown once); the previous one keeps signing alongside it for 24 hours',
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/integrations/webhooks/:id/deliveries',
    pathParams: ZWebhookIdSchema,
    query: ZWebhookDeliveriesQuerySchema,
    metadata: webhooksRoute,
    responses: {
      200: z.object({
        deliveries: z.array(ZWebhookDeliverySchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
      }),
    },
    summary: "An endpoint's delivery log, newest first",
  },
  redeliverWebhook: {
    method: 'POST',
    path: '/integrations/webhooks/:id/deliveries/:deliveryId/redeliver',
    pathParams: ZWebhookDeliveryIdSchema,
    body: c.noBody(),
    metadata: webhooksRoute,
    responses: { 202: z.object({ _id: z.string() }) },
    summary: 'Queue the same message again (same webhook-id) as a new delivery',
  },
  testWebhook: {
    method: 'POST',
    path: '/integrations/webhooks/:id/test',
    pathParams: ZWebhookIdSchema,
    body: c.noBody(),
    metadata: webhooksRoute,
    responses: { 202: z.object({ _id: z.string() }) },
    summary: 'Queue a test event (type webhook.test) to the endpoint',
  },
});
