// The single ts-rest react-query client for the whole /api/v1 contract; every request carries the session headers.
import { contract } from '@cx/contracts';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { env } from '@/config/env';
import { session } from '@/lib/session';

export const tsr = initTsrReactQuery(contract, {
  baseUrl: env.apiBaseUrl,
  baseHeaders: {
    // Functions are evaluated per request, so a login or logout takes effect without rebuilding the client.
    authorization: () => session.authorizationHeader(),
    'ngrok-skip-browser-warning': () => 'true',
  },
  jsonQuery: false,
});

export type TApiClient = typeof tsr;
