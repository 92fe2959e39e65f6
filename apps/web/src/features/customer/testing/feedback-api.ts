// Test helper: a fake /api/v1/feedback backend over fetch that records bodies and can be switched offline.
import type { TCustomerStore } from '@cx/contracts';

export const STORE_ID = '64b7f0c2a1b2c3d4e5f60799';
/** The id the fake API issues to this browser (the shape the real API signs). */
export const ISSUED_DEVICE_ID = `d1.${'A'.repeat(22)}.${'B'.repeat(22)}`;

export function makeStore(overrides: Partial<TCustomerStore> = {}): TCustomerStore {
  return {
    _id: STORE_ID,
    name: 'Covent Garden',
    image: '/api/v1/files/64b7f0c2a1b2c3d4e5f60700',
    interfaces: { staff: true, experience: true, social: true },
    socialLinks: [
      { network: 'googleReview', url: 'https://g.page/r/demo/review' },
      { network: 'instagram', url: 'https://www.instagram.com/demo' },
    ],
    staff: [
      { _id: '64b7f0c2a1b2c3d4e5f60801', firstName: 'Amelia', role: 'Barista', photo: null },
      { _id: '64b7f0c2a1b2c3d4e5f60802', firstName: 'George', role: 'Cashier', photo: null },
    ],
    onShift: true,
    hasRota: true,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type TFakeApi = ReturnType<typeof fakeFeedbackApi>;

export function fakeFeedbackApi(store: TCustomerStore = makeStore()) {
  const state = {
    online: true,
    /** Answer for the next rating submits (e.g. a 429), consumed once each. */
    nextAnswers: [] as Array<{ status: number; body: unknown }>,
    /** How many device ids were asked for; deviceAnswer replaces the issued id (e.g. a 429). */
    devicesIssued: 0,
    deviceAnswer: null as Response | null,
  };
  const posts: Array<{ path: string; body: Record<string, unknown> }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === `/api/v1/feedback/stores/${store._id}`) return json(200, store);
    if (method === 'GET' && url.pathname.startsWith('/api/v1/feedback/stores/')) {
      return json(404, { message: 'Store not found' });
    }
    if (method === 'POST' && url.pathname === '/api/v1/feedback/device') {
      state.devicesIssued += 1;
      return state.deviceAnswer ?? json(201, { deviceId: ISSUED_DEVICE_ID });
    }
    if (method === 'POST' && url.pathname.startsWith('/api/v1/feedback/')) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push({ path: url.pathname.replace('/api/v1/feedback/', ''), body });
      const answer = url.pathname.includes('ratings') ? state.nextAnswers.shift() : undefined;
      if (answer) return json(answer.status, answer.body);
      return json(201, {
        _id: 'r1',
        receivedAt: new Date().toISOString(),
        tracked: true,
        url: 'https://example.com',
      });
    }
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    posts,
    fetchMock,
    postsTo: (path: string) => posts.filter((p) => p.path === path).map((p) => p.body),
  };
}
