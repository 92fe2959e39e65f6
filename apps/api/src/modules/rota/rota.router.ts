// /api/v1/rota handlers: identity in, service call, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import * as rota from './rota.service';

const s = initServer();

export const rotaRouter = s.router(contract.rota, {
  week: async ({ req, query }) => ({
    status: 200,
    body: await rota.getWeek(accessOf(req), query.store, query.week),
  }),

  createShift: async ({ req, body }) => {
    const shift = await rota.createShift(accessOf(req), body);
    return { status: 201, body: { message: 'Shift added', shift } };
  },

  updateShift: async ({ req, params, body }) => {
    const shift = await rota.updateShift(accessOf(req), params.id, body);
    return { status: 200, body: { message: 'Shift updated', shift } };
  },

  deleteShift: async ({ req, params }) => ({
    status: 200,
    body: await rota.deleteShift(accessOf(req), params.id),
  }),

  copyWeek: async ({ req, body }) => ({
    status: 200,
    body: await rota.copyPreviousWeek(accessOf(req), body),
  }),

  onShift: async ({ req, query }) => ({ status: 200, body: await rota.onShift(accessOf(req), query) }),
});
