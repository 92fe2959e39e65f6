// GET /files/:id: public, cacheable image bytes (avatars, store images, staff photos) stored in GridFS.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ZObjectIdSchema, zQueryInt } from './common';

const c = initContract();

export const filesContract = c.router({
  getFile: {
    method: 'GET',
    path: '/files/:id',
    pathParams: z.object({ id: ZObjectIdSchema }),
    // The smallest stored variant at least this wide (the largest when none is); never the original upload.
    query: z.object({ w: zQueryInt('Width', 1, 4000).optional() }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: z.unknown() }),
    },
    summary:
      'A resized, metadata-free variant (WebP when accepted, else the original format) with long-lived cache headers',
    metadata: { public: true } as const,
  },
});
