// /api/v1/integrations handlers: API keys (create once-shown, list, revoke).
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const s = initServer();
const accessFrom = (req: unknown) => accessOf(req as Request);

export const integrationsRouter = s.router(contract.integrations, {
  createApiKey: async ({ req, body }) => ({ status: 201, body: await createApiKey(accessFrom(req), body) }),
  listApiKeys: async ({ req }) => ({ status: 200, body: { keys: await listApiKeys(accessFrom(req)) } }),
  revokeApiKey: async ({ req, params }) => {
    await revokeApiKey(accessFrom(req), params.id);
    return { status: 200, body: { message: 'API key revoked' } };
  },
});
