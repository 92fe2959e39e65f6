// GET /api/v1/files/:id: streams a GridFS image with its sniffed content type and immutable cache headers.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { openFile } from '../../lib/files';

const s = initServer();

export const filesRouter = s.router(contract.files, {
  getFile: async ({ params, res }) => {
    const file = await openFile(params.id);
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-length', String(file.length));
    // File ids are never reused: a changed image gets a new id, so the bytes can be cached forever.
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('x-content-type-options', 'nosniff');
    return { status: 200, body: file.stream };
  },
});
