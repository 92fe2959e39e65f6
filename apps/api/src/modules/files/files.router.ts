// GET /api/v1/files/:id?w=: a resized, metadata-free variant of an uploaded image (WebP when accepted), cached forever.
import { Readable } from 'node:stream';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { imageVariant } from '../../lib/image-variants';

const s = initServer();

export const filesRouter = s.router(contract.files, {
  getFile: async ({ params, query, req, res }) => {
    const accept = req.get('accept');
    const file = await imageVariant(params.id, query.w, accept);
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-length', String(file.body.length));
    // The format depends on Accept: a shared cache must keep one copy per kind of browser.
    res.setHeader('vary', 'Accept');
    // File ids are never reused: a changed image gets a new id, so the bytes can be cached forever.
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('x-content-type-options', 'nosniff');
    // Streamed, so the handler's content type stands (a Buffer body would be sent as the contract's octet-stream).
    return { status: 200, body: Readable.from([file.body]) };
  },
});
