// /integrations: the business's API keys (scoped, optionally store-limited, secret shown once).
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute, ZApiKeyScopeSchema, type TApiKeyScope } from './access';
import { ZMessageSchema, ZObjectIdSchema } from './common';

const c = initContract();

/** Every API key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cxk_';

/** How a scope is named to people (the create dialog, the key list, the API reference). */
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'ratings:read': 'Read ratings',
  'analytics:read': 'Read analytics',
  'webhooks:manage': 'Manage webhooks',
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
    .max(3)
    .transform((s) => [...new Set(s)]),
  /** Limits the key to these stores; absent or empty means every store of the business. */
  stores: z
    .array(ZObjectIdSchema)
    .max(500, 'At most 500 stores')
    .optional()
    .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
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
});
