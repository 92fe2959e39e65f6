// Test helper: answers fetch by "METHOD /path" (a function may vary the answer per call) and records every request.
import { jsonResponse } from '@/testing/render-app';

export type TMockRoute = (request: {
  init: RequestInit;
  url: URL;
  calls: number;
}) => Response | Promise<Response>;

export function mockFetch(routes: Record<string, TMockRoute>) {
  const counts = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const calls = (counts.get(key) ?? 0) + 1;
    counts.set(key, calls);
    const route = routes[key];
    return route ? route({ init, url, calls }) : jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsOf = (key: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
    );
  return {
    fetchMock,
    callsOf,
    /** Parsed JSON bodies sent to one route, in order. */
    bodiesOf: (key: string): unknown[] =>
      callsOf(key).map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body)),
    /** Query strings sent to one route, in order. */
    queriesOf: (key: string) =>
      callsOf(key).map(([input]) => new URL(String(input), 'http://localhost').searchParams),
  };
}

/** A promise you resolve later: holds a response back to observe a loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
