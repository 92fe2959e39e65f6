// Test helper: answers the app's fetch calls by "METHOD /path" and records the requests.
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

export { apiUser } from '@/testing/render-app';
