// This browser's device id: asked from the API once and kept; an old unsigned id is replaced; failure never blocks.
import { DEVICE_KEY, deviceIds } from './device';
import { Outbox } from './outbox';

const ISSUED = `d1.${'A'.repeat(22)}.${'B'.repeat(22)}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

function issuer(answers: Array<Response | Error>) {
  return vi.fn(async () => {
    const next = answers.shift() ?? json(201, { deviceId: ISSUED });
    if (next instanceof Error) throw next;
    return next;
  });
}

describe('deviceIds', () => {
  it('asks POST /feedback/device on first need, keeps the id, and never asks again', async () => {
    const storage = memoryStorage();
    const fetch = issuer([]);
    const deviceId = deviceIds({
      fetch: fetch as unknown as typeof globalThis.fetch,
      storage,
      baseUrl: 'https://api',
    });
    expect(await Promise.all([deviceId(), deviceId()])).toEqual([ISSUED, ISSUED]);
    expect(await deviceId()).toBe(ISSUED);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      'https://api/api/v1/feedback/device',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(storage.data.get(DEVICE_KEY)).toBe(ISSUED);
    // A new page load with the id stored asks nothing.
    const again = issuer([]);
    const later = deviceIds({
      fetch: again as unknown as typeof globalThis.fetch,
      storage,
      baseUrl: 'https://api',
    });
    expect(await later()).toBe(ISSUED);
    expect(again).not.toHaveBeenCalled();
  });

  it('replaces an old locally made (unsigned) id', async () => {
    const storage = memoryStorage({ [DEVICE_KEY]: '0b6c7f0e-3a52-4c1e-9d3f-2f5d1c9a7b11' });
    const fetch = issuer([]);
    const deviceId = deviceIds({ fetch: fetch as unknown as typeof globalThis.fetch, storage, baseUrl: '' });
    expect(await deviceId()).toBe(ISSUED);
    expect(storage.data.get(DEVICE_KEY)).toBe(ISSUED);
  });

  it('without storage asks once per page load', async () => {
    const fetch = issuer([]);
    const deviceId = deviceIds({
      fetch: fetch as unknown as typeof globalThis.fetch,
      storage: null,
      baseUrl: '',
    });
    await deviceId();
    await deviceId();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers undefined when the API refuses or is unreachable, and tries again on the next need', async () => {
    const storage = memoryStorage();
    const fetch = issuer([json(429, { code: 'RATE_LIMITED' }), new TypeError('Failed to fetch')]);
    const deviceId = deviceIds({ fetch: fetch as unknown as typeof globalThis.fetch, storage, baseUrl: '' });
    expect(await deviceId()).toBeUndefined();
    expect(await deviceId()).toBeUndefined();
    expect(await deviceId()).toBe(ISSUED);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('Outbox with identify', () => {
  it('adds the device fields at send time, and still sends the rating when there are none', async () => {
    const fetch = vi.fn(async () => json(201, { _id: 'r1' }));
    let who: Record<string, string> = { deviceId: ISSUED, kiosk: `kio_${'k'.repeat(43)}` };
    const outbox = new Outbox({
      fetch: fetch as unknown as typeof globalThis.fetch,
      storage: null,
      baseUrl: '',
      identify: async () => who,
    });
    await outbox.submit('staffRating', { store: 's1', score: 4 }, 'key-00001');
    who = {};
    await outbox.submit('staffRating', { store: 's1', score: 5 }, 'key-00002');
    const bodies = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).map(([, init]) =>
      JSON.parse(String(init.body)),
    );
    expect(bodies[0]).toMatchObject({ deviceId: ISSUED, kiosk: `kio_${'k'.repeat(43)}`, score: 4 });
    expect(bodies[1]).toEqual({ store: 's1', score: 5, idempotencyKey: 'key-00002' });
  });
});
