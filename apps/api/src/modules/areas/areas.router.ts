// /api/v1/areas handlers: identity in, the tenancy layer's tree operations, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import * as areas from '../../tenancy/areas';

const s = initServer();

export const areasRouter = s.router(contract.areas, {
  list: async ({ req }) => ({ status: 200, body: { areas: await areas.listAreas(accessOf(req)) } }),
  create: async ({ req, body }) => ({ status: 201, body: await areas.createArea(accessOf(req), body) }),
  update: async ({ req, params, body }) => ({
    status: 200,
    body: await areas.updateArea(accessOf(req), params.id, body),
  }),
  remove: async ({ req, params }) => ({
    status: 200,
    body: await areas.deleteArea(accessOf(req), params.id),
  }),
});
