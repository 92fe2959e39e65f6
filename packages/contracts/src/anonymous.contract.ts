// /anonymous: public routes the QR pages call without a token; they answer only fields safe to show a customer.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ZBrandSchema } from './brand.schemas';
import { ZObjectIdSchema } from './common';
import { ZStoreInterfacesSchema } from './stores.contract';

const c = initContract();

/** What a customer may see of a store: never the owner, address, time zone or opening hours. */
export const ZPublicStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  socialLinks: z.object({
    googleReview: z.string().nullable(),
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    tripadvisor: z.string().nullable(),
    website: z.string().nullable(),
  }),
  interfaces: ZStoreInterfacesSchema,
  /** The chain's logo and colour for the QR page's header (public by design: they are on the posters too). */
  brand: ZBrandSchema,
});
export type TPublicStore = z.infer<typeof ZPublicStoreSchema>;

const isPublic = { public: true } as const;

/** Store lookups for the QR pages (issue 4). The customer journey's routes (issue 5) are added to this router too. */
export const anonymousContract = c.router({
  getUserInterfaces: {
    method: 'GET',
    path: '/anonymous/user-interfaces/:storeId',
    pathParams: z.object({ storeId: ZObjectIdSchema }),
    responses: { 200: z.object({ interfaces: ZStoreInterfacesSchema }) },
    summary: "Which of the store's three interfaces are enabled (404 for an unknown or deleted store)",
    metadata: isPublic,
  },
  getStoreDetails: {
    method: 'GET',
    path: '/anonymous/store-details/:id',
    pathParams: z.object({ id: ZObjectIdSchema }),
    responses: { 200: z.object({ store: ZPublicStoreSchema }) },
    summary: 'Public store details for the anonymous header and social page',
    metadata: isPublic,
  },
});
