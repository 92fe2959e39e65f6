// /api/v1/themes handlers: the business's theme vocabulary and shout-out hiding.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { listThemes, setShoutOutHidden, updateTheme } from './themes.admin';

const s = initServer();
const accessFrom = (req: unknown) => accessOf(req as Request);

export const themesRouter = s.router(contract.themes, {
  listThemes: async ({ req }) => ({ status: 200, body: { themes: await listThemes(accessFrom(req)) } }),
  updateTheme: async ({ req, params, body }) => ({
    status: 200,
    body: await updateTheme(accessFrom(req), params.key, body),
  }),
  updateShoutOut: async ({ req, params, body }) => ({
    status: 200,
    body: await setShoutOutHidden(accessFrom(req), params.ratingId, body.hidden),
  }),
});
