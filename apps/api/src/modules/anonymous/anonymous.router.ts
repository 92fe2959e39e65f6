// /api/v1/anonymous handlers (public, no token): the QR pages' store lookups; issue 5 adds the rating routes here.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { byIp, rateLimit } from '../../lib/rate-limit';
import * as anonymous from './anonymous.service';

const s = initServer();

/** Generous: a busy store's customers share one Wi-Fi address, but a scraper walking ids is slowed down. */
const storeLookupLimit = rateLimit({
  name: 'anonymous-store-lookup',
  windowMs: 60_000,
  limit: 300,
  key: byIp,
  message: 'Too many requests. Please wait a moment and try again.',
});

export const anonymousRouter = s.router(contract.anonymous, {
  getUserInterfaces: {
    middleware: [storeLookupLimit],
    handler: async ({ params }) => ({
      status: 200,
      body: { interfaces: await anonymous.publicInterfaces(params.storeId) },
    }),
  },

  getStoreDetails: {
    middleware: [storeLookupLimit],
    handler: async ({ params }) => ({
      status: 200,
      body: { store: await anonymous.publicStoreDetails(params.id) },
    }),
  },
});
