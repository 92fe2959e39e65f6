// The single ts-rest react-query client for the whole /api/v1 contract; every request carries the session headers.
import { contract } from '@cx/contracts';
import { tsRestFetchApi, type ApiFetcher } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { env } from '@/config/env';
import { session } from '@/lib/session';

/**
 * A call refused 401 because this tab's session was renewed meanwhile (a password change in this tab answers a new
 * token and ends the old one) is sent once more with the new token: only a 401 for the current token ends the session.
 */
export const fetchWithRenewedSession: ApiFetcher = async (args) => {
  const answer = await tsRestFetchApi(args);
  const sentWith = args.headers.authorization;
  if (answer.status !== 401 || !sentWith) return answer;
  await session.renewalsSettled();
  const current = session.authorizationHeader();
  if (!current || current === sentWith) return answer;
  return tsRestFetchApi({ ...args, headers: { ...args.headers, authorization: current } });
};

export const tsr = initTsrReactQuery(contract, {
  baseUrl: env.apiBaseUrl,
  baseHeaders: {
    // Functions are evaluated per request, so a login or logout takes effect without rebuilding the client.
    authorization: () => session.authorizationHeader(),
    'ngrok-skip-browser-warning': () => 'true',
  },
  api: fetchWithRenewedSession,
  jsonQuery: false,
});

export type TApiClient = typeof tsr;
