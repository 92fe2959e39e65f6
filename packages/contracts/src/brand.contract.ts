// /brand and /stores/posters.pdf: the chain's logo and colour (owners and admins set them) and every store's poster in one PDF.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZBrandSchema, ZBrandUpdateSchema } from './brand.schemas';
import { ZStoreScopeQuerySchema } from './scope-query.schemas';

const c = initContract();

const ZBrandMessageSchema = z.object({ message: z.string(), brand: ZBrandSchema });

/** Which stores get a page: `stores=` and/or `areas=` as the dashboards take them; neither = every store the member covers. */
export const ZPostersQuerySchema = ZStoreScopeQuerySchema.extend({
  download: z.enum(['0', '1']).default('0'),
});
export type TPostersQuery = z.input<typeof ZPostersQuerySchema>;

export const brandContract = c.router({
  get: {
    method: 'GET',
    path: '/brand',
    // Every member sees the brand their posters and boards carry; only brand:manage changes it.
    metadata: businessRoute('stores:read'),
    responses: { 200: z.object({ brand: ZBrandSchema }) },
    summary: "The chain's logo and brand colour (with the text colour that reads on it)",
  },
  update: {
    method: 'PUT',
    path: '/brand',
    metadata: businessRoute('brand:manage'),
    body: ZBrandUpdateSchema,
    responses: { 200: ZBrandMessageSchema },
    summary: 'Set or clear the brand colour (#rrggbb)',
  },
  uploadLogo: {
    method: 'PUT',
    path: '/brand/logo',
    metadata: businessRoute('brand:manage'),
    contentType: 'multipart/form-data',
    body: z.object({ logo: z.unknown() }),
    responses: { 200: ZBrandMessageSchema },
    summary: 'Replace the logo (multipart field "logo": JPEG, PNG or WebP; too large 413)',
  },
  removeLogo: {
    method: 'DELETE',
    path: '/brand/logo',
    metadata: businessRoute('brand:manage'),
    body: c.noBody(),
    responses: { 200: ZBrandMessageSchema },
    summary: 'Remove the logo',
  },
  posters: {
    method: 'GET',
    path: '/stores/posters.pdf',
    metadata: businessRoute('stores:write'),
    query: ZPostersQuerySchema,
    responses: { 200: c.otherResponse({ contentType: 'application/pdf', body: z.unknown() }) },
    summary:
      "One A4 PDF, a poster page per store (its QR code, name and the chain's logo), streamed; stores= and areas= narrow it within the member's stores",
  },
});
