// GET /files/:id: image bytes stored in GridFS: store images and staff photos by their public key, avatars by id and token.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { zQueryInt } from './common';

/** A file's id, or a public image's key (`<id>-<128-bit tag>`) as the API hands it out. */
export const ZFileKeySchema = z
  .string()
  .regex(/^[0-9a-fA-F]{24}(-[A-Za-z0-9_-]{22})?$/, 'Must be a valid file key');

const c = initContract();

export const filesContract = c.router({
  getFile: {
    method: 'GET',
    path: '/files/:id',
    pathParams: z.object({ id: ZFileKeySchema }),
    // The smallest stored variant at least this wide (the largest when none is); never the original upload.
    query: z.object({ w: zQueryInt('Width', 1, 4000).optional() }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: z.unknown() }),
    },
    summary:
      'A resized, metadata-free variant (WebP when accepted, else the original format) with long-lived cache headers',
    // Public to the access guard: a public image needs no token; the handler asks for one for anything else (401/404).
    metadata: { public: true } as const,
  },
});
