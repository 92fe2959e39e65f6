// The outbox: a submit is saved before it is sent, retried with the same key until accepted, and never duplicated.
import { Outbox, STORAGE_KEY, type TOutboxDeps } from './outbox';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answers: Array<Response | Error>) {
  const storage = memoryStorage();
  let now = 1_000_000;
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const fetchMock = vi.fn(async () => {
    const next = answers.shift() ?? json(201, { _id: 'x', receivedAt: 'now' });
    if (next instanceof Error) throw next;
    return next;
  });
  const deps: TOutboxDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    storage,
    baseUrl: 'https://api.example',
    now: () => now,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
  };
  return { deps, storage, fetchMock, timers, advance: (ms: number) => (now += ms) };
}

const offline = () => new TypeError('Failed to fetch');
const rating = { store: 's1', staff: 'm1', score: 4, comment: 'Lovely' };

describe('Outbox', () => {
  it('sends at once and forgets the item when the server accepts it', async () => {
    const { deps, storage, fetchMock } = setup([json(201, { _id: 'r1' })]);
    const outbox = new Outbox(deps);
    expect(await outbox.submit('staffRating', rating, 'key-1')).toEqual({ outcome: 'sent' });
    expect(fetchMock).toHaveBeenCalledWith(
      'https://api.example/api/v1/feedback/staff-ratings',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ ...rating, idempotencyKey: 'key-1' }),
      }),
    );
    expect(outbox.getState().pending).toBe(0);
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!)).toEqual([]);
  });

  it('keeps a submit made offline, survives a reload, and delivers it with the same key when the API is back', async () => {
    const first = setup([offline()]);
    const outbox = new Outbox(first.deps);
    expect(await outbox.submit('experienceRating', { store: 's1', score: 1 }, 'key-2')).toEqual({
      outcome: 'queued',
    });
    expect(outbox.getState().pending).toBe(1);
    expect(first.timers[0]?.ms).toBe(2000);

    // The tab is closed and opened again later: a new outbox reads the saved item.
    const reopened = new Outbox({ ...first.deps, fetch: first.fetchMock as unknown as typeof fetch });
    expect(reopened.getState().pending).toBe(1);
    first.advance(5000);
    await reopened.flush();
    expect(reopened.getState().pending).toBe(0);
    const calls = first.fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([, init]) => JSON.parse(String(init.body)).idempotencyKey)).toEqual(['key-2', 'key-2']);
  });

  it('backs off between failed attempts, up to 30 seconds', async () => {
    const { deps, timers, advance } = setup([
      offline(),
      offline(),
      offline(),
      offline(),
      offline(),
      offline(),
    ]);
    const outbox = new Outbox(deps);
    await outbox.submit('visit', { store: 's1' }, 'key-3');
    for (let i = 0; i < 5; i++) {
      advance(60_000);
      await outbox.flush();
    }
    expect(outbox.pendingItems()[0]?.attempts).toBe(6);
    expect(outbox.pendingItems()[0]!.nextAt - 1_000_000 - 5 * 60_000).toBe(30_000);
    expect(timers.length).toBeGreaterThan(0);
  });

  it('drops a submit the server refuses for good and reports a later refusal of a rating', async () => {
    const { deps, advance } = setup([
      json(429, { code: 'RATED_RECENTLY', message: 'You have already rated Amelia from this device.' }),
      json(503, {}),
      json(403, {
        code: 'INTERFACE_DISABLED',
        message: 'Rating staff is turned off for this store right now.',
      }),
    ]);
    const outbox = new Outbox(deps);
    expect(await outbox.submit('staffRating', rating, 'key-4')).toEqual({
      outcome: 'rejected',
      status: 429,
      message: 'You have already rated Amelia from this device.',
    });
    // Shown by the form itself, so not reported again.
    expect(outbox.getState()).toEqual({ pending: 0, pendingRatings: 0, rejected: [], sentRatings: 0 });

    expect(await outbox.submit('staffRating', rating, 'key-5')).toEqual({ outcome: 'queued' });
    advance(10_000);
    await outbox.flush();
    expect(outbox.getState()).toEqual({
      pending: 0,
      pendingRatings: 0,
      rejected: [{ key: 'key-5', message: 'Rating staff is turned off for this store right now.' }],
      sentRatings: 0,
    });
    outbox.dismissRejected('key-5');
    expect(outbox.getState().rejected).toEqual([]);
  });

  it('retries after a per-network limit instead of dropping the rating', async () => {
    const { deps } = setup([
      json(429, { code: 'RATE_LIMITED', message: 'Too many ratings from this network.' }),
    ]);
    const outbox = new Outbox(deps);
    expect(await outbox.submit('staffRating', rating, 'key-6')).toEqual({ outcome: 'queued' });
    expect(outbox.pendingItems()[0]!.nextAt - 1_000_000).toBe(60_000);
  });

  it('does not add the same submit twice', async () => {
    const { deps, fetchMock } = setup([offline(), json(201, {})]);
    const outbox = new Outbox(deps);
    await outbox.submit('staffRating', rating, 'key-7');
    await outbox.submit('staffRating', rating, 'key-7');
    expect(outbox.getState().pending).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('Outbox state', () => {
  it('tells the customer about waiting ratings, not about a visit count being retried', async () => {
    const { deps } = setup([offline(), offline()]);
    const outbox = new Outbox(deps);
    await outbox.submit('visit', { store: 's1' }, 'visit-1');
    expect(outbox.getState()).toMatchObject({ pending: 1, pendingRatings: 0 });
    await outbox.submit('experienceRating', { store: 's1', score: 2 }, 'rating-1');
    expect(outbox.getState()).toMatchObject({ pending: 2, pendingRatings: 1 });
  });

  it('counts a rating as sent only when the server accepts it, not when a refusal empties the queue', async () => {
    const { deps } = setup([
      json(429, { code: 'RATED_RECENTLY', message: 'You have already rated Grace from this device.' }),
      json(201, {}),
      json(201, {}),
    ]);
    const outbox = new Outbox(deps);
    await outbox.submit('staffRating', rating, 'refused-1');
    expect(outbox.getState()).toMatchObject({ pending: 0, sentRatings: 0 });
    await outbox.submit('visit', { store: 's1' }, 'visit-2');
    expect(outbox.getState().sentRatings).toBe(0);
    await outbox.submit('experienceRating', { store: 's1', score: 4 }, 'accepted-1');
    expect(outbox.getState()).toMatchObject({ pending: 0, sentRatings: 1 });
  });
});
