// GET /files/:id: public, cacheable image bytes (avatars, store images, staff photos) stored in GridFS.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ZObjectIdSchema } from './common';

const c = initContract();

export const filesContract = c.router({
  getFile: {
    method: 'GET',
    path: '/files/:id',
    pathParams: z.object({ id: ZObjectIdSchema }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: z.unknown() }),
    },
    summary: 'Image bytes with their content type and long-lived cache headers',
    metadata: { public: true } as const,
  },
});
