// Test helper: answers the app's fetch calls by "METHOD /path" and records the requests.
import type { TUser } from '@cx/contracts';
import { jsonResponse } from '@/testing/render-app';

type TRoute = (init: RequestInit) => Response | Promise<Response>;

export function mockApi(routes: Record<string, TRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const route = routes[`${init.method ?? 'GET'} ${path}`];
    return route ? route(init) : jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The parsed JSON bodies sent to one route. */
    bodiesOf(key: string): unknown[] {
      return fetchMock.mock.calls
        .filter(
          ([input, init]) =>
            `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
        )
        .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
    },
  };
}

export const apiUser: TUser = {
  _id: '64b7f0c2a1b2c3d4e5f60718',
  id: '64b7f0c2a1b2c3d4e5f60718',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  profilePicture: null,
  userType: 'business-owner',
  subscriptionStatus: 'active',
  trialEndsAt: null,
  timeZone: 'Europe/London',
  emailVerified: true,
  selectedStore: null,
};
