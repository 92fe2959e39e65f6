// /api/v1/rota handlers: identity in, service call, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { imageUpload } from '../../lib/files';
import { accessOf } from '../../tenancy/access';
import { importShifts } from './rota.import';
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

  importShifts: {
    // The same in-memory multer as images (size limit → 413); the file is sniffed as CSV or iCalendar text (else 415).
    middleware: [imageUpload('file')],
    handler: async ({ req, body, file }) => {
      const upload = file as { buffer?: Buffer; originalname?: string } | undefined;
      return {
        status: 200,
        body: await importShifts(accessOf(req), body.store, upload, {
          dryRun: body.dryRun !== 'false',
          mapping: body.mapping,
          dateOrder: body.dateOrder,
          fileName: upload?.originalname,
        }),
      };
    },
  },

  onShift: async ({ req, query }) => ({ status: 200, body: await rota.onShift(accessOf(req), query) }),
});
