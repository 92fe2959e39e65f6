// /api/v1 kiosk handlers: enrol a tablet for a store, list the member's kiosks, revoke one.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import * as kiosks from './kiosks.service';

const s = initServer();

export const kiosksRouter = s.router(contract.kiosks, {
  enrol: async ({ req, params, body, res }) => {
    // The credential is in this answer only: no cache may keep it.
    res.setHeader('cache-control', 'no-store');
    return { status: 201, body: await kiosks.enrolKiosk(accessOf(req), params.id, body.label) };
  },
  list: async ({ req }) => ({ status: 200, body: { kiosks: await kiosks.listKiosks(accessOf(req)) } }),
  revoke: async ({ req, params }) => {
    await kiosks.revokeKiosk(accessOf(req), params.id);
    return { status: 200, body: { message: 'Kiosk revoked' } };
  },
});
