// GET /api/v1/files/:id?w=: a resized, metadata-free variant of an uploaded image (WebP when accepted); public images by
// key cached forever, private ones (avatars) only for their owner's token.
import { Readable } from 'node:stream';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { authorizeFile } from '../../lib/file-access';
import { imageVariant } from '../../lib/image-variants';

const s = initServer();

export const filesRouter = s.router(contract.files, {
  getFile: async ({ params, query, req, res }) => {
    const accept = req.get('accept');
    const { id, audience } = await authorizeFile(params.id, req);
    const file = await imageVariant(id, query.w, accept);
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-length', String(file.body.length));
    // The format depends on Accept: a shared cache must keep one copy per kind of browser.
    res.setHeader('vary', audience === 'public' ? 'Accept' : 'Accept, Authorization');
    // File ids are never reused: a changed image gets a new id, so the bytes can be cached forever; a private file
    // only by the browser that was allowed to read it, never by a shared cache.
    res.setHeader(
      'cache-control',
      audience === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=31536000, immutable',
    );
    res.setHeader('x-content-type-options', 'nosniff');
    // Streamed, so the handler's content type stands (a Buffer body would be sent as the contract's octet-stream).
    return { status: 200, body: Readable.from([file.body]) };
  },
});
