// /api/v1/brand and /stores/posters.pdf handlers: identity in, service call, status out.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { imageUpload } from '../../lib/files';
import { endDownloadOnFailure } from '../analytics/analytics.router';
import * as brand from './brand.service';
import { postersPdf } from './posters';
import { markPostersPrinted } from '../onboarding/onboarding.state';

const s = initServer();

export const brandRouter = s.router(contract.brand, {
  get: async ({ req }) => ({ status: 200, body: { brand: await brand.getBrand(accessOf(req).businessId) } }),

  update: async ({ req, body }) => ({
    status: 200,
    body: { message: 'Brand updated', brand: await brand.updateBrand(accessOf(req), body) },
  }),

  uploadLogo: {
    // The same in-memory multer as store images: over the size limit answers 413 through the error mapper.
    middleware: [imageUpload('logo')],
    handler: async ({ req, file }) => ({
      status: 200,
      body: {
        message: 'Logo updated',
        brand: await brand.setLogo(accessOf(req), file as { buffer?: Buffer } | undefined),
      },
    }),
  },

  removeLogo: async ({ req }) => ({
    status: 200,
    body: { message: 'Logo removed', brand: await brand.removeLogo(accessOf(req)) },
  }),

  posters: async ({ req, query, res }) => {
    const access = accessOf(req);
    const { doc } = await postersPdf(access, query);
    // The setup checklist's "print posters" ticks for the bulk PDF too.
    await markPostersPrinted(access.businessId);
    const file = 'feedback-posters.pdf';
    res.setHeader('content-type', 'application/pdf');
    res.setHeader('content-disposition', `${query.download === '1' ? 'attachment' : 'inline'}; filename="${file}"`);
    // Private: the response needs a token, so shared caches must not keep it.
    res.setHeader('cache-control', 'private, no-store');
    return { status: 200, body: endDownloadOnFailure(doc, req as unknown as Request, res, file) };
  },
});
