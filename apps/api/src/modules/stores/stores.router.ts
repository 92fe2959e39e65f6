// /api/v1/store handlers: identity in, service call, status out (QR and poster bytes set their own headers).
import type { Response } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { imageUpload } from '../../lib/files';
import * as stores from './stores.service';
import { importStores } from './stores.import';
import { posterPdf, qrPng, qrSvg } from './stores.qr';
import { logoForPrint } from '../brand/brand.service';
import { markPostersPrinted } from '../onboarding/onboarding.state';

const s = initServer();

/** A readable file name for downloads: "covent-garden-qr.png". */
function fileSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'store'
  );
}

function sendHeaders(res: Response, filename: string, download: boolean): void {
  // Private: the response needs a token, so shared caches must not keep it.
  res.setHeader('cache-control', 'private, max-age=300');
  res.setHeader('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${filename}"`);
}

export const storesRouter = s.router(contract.stores, {
  list: async ({ req, query }) => ({
    status: 200,
    body: { stores: await stores.listStores(accessOf(req), query.q, query.tags) },
  }),

  import: {
    // The same in-memory multer as images (size limit → 413); the file is checked as CSV text by the import.
    middleware: [imageUpload('file')],
    handler: async ({ req, body, file }) =>
      importStores(accessOf(req), file as { buffer?: Buffer } | undefined, {
        dryRun: body.dryRun !== 'false',
        plan: body.plan,
      }),
  },

  get: async ({ req, params }) => ({
    status: 200,
    body: { store: await stores.getStore(accessOf(req), params.id) },
  }),

  create: async ({ req, body }) => {
    const store = await stores.createStore(accessOf(req), body);
    return { status: 201, body: { message: 'Store created', store } };
  },

  update: async ({ req, params, body }) => {
    const store = await stores.updateStore(accessOf(req), params.id, body);
    return { status: 200, body: { message: 'Store updated', store } };
  },

  remove: async ({ req, params }) => ({
    status: 200,
    body: await stores.deleteStore(accessOf(req), params.id),
  }),

  uploadImage: {
    middleware: [imageUpload('image')],
    handler: async ({ req, params, file }) => {
      const store = await stores.setStoreImage(
        accessOf(req),
        params.id,
        file as stores.UploadedFile | undefined,
      );
      return { status: 200, body: { message: 'Store image updated', store } };
    },
  },

  removeImage: async ({ req, params }) => {
    const store = await stores.removeStoreImage(accessOf(req), params.id);
    return { status: 200, body: { message: 'Store image removed', store } };
  },

  getInterfaces: async ({ req, params }) => ({
    status: 200,
    body: { interfaces: await stores.getInterfaces(accessOf(req), params.id) },
  }),

  updateInterfaces: async ({ req, params, body }) => ({
    status: 200,
    body: await stores.updateInterfaces(accessOf(req), params.id, body),
  }),

  qrPng: async ({ req, params, query, res }) => {
    const store = await stores.findStoreInScope(accessOf(req), params.id);
    const png = await qrPng(stores.rateUrlFor(params.id), Number(query.size));
    sendHeaders(res, `${fileSlug(store.name)}-qr.png`, query.download === '1');
    if (query.download === '1') await markPostersPrinted(String(store.business));
    return { status: 200, body: png };
  },

  qrSvg: async ({ req, params, query, res }) => {
    const store = await stores.findStoreInScope(accessOf(req), params.id);
    const svg = await qrSvg(stores.rateUrlFor(params.id));
    sendHeaders(res, `${fileSlug(store.name)}-qr.svg`, query.download === '1');
    if (query.download === '1') await markPostersPrinted(String(store.business));
    return { status: 200, body: svg };
  },

  poster: async ({ req, params, query, res }) => {
    const access = accessOf(req);
    const [store, print] = await Promise.all([
      stores.findStoreInScope(access, params.id),
      logoForPrint(access.businessId),
    ]);
    const pdf = await posterPdf(store.name, stores.rateUrlFor(params.id), {
      logo: print.logo,
      color: print.brand.color,
      textColor: print.brand.textColor,
    });
    sendHeaders(res, `${fileSlug(store.name)}-poster.pdf`, query.download === '1');
    // The setup checklist's "print posters": a poster opened or a QR code downloaded.
    await markPostersPrinted(String(store.business));
    return { status: 200, body: pdf };
  },
});
