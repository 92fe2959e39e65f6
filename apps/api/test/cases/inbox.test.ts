// GET /api/v1/cases: filters, overdue first then due soonest, cursor pages, each caller's stores only, API keys masked.
import request from 'supertest';
import { createApp } from '../../src/app';
import { CaseModel } from '../../src/modules/cases/case.model';
import { setupTestDb } from '../helpers/db';
import { createKey } from '../integrations/support';
import { acceptRating, makeChain, HOUR, type Chain } from './support';

setupTestDb({ clearBetweenTests: false });
const app = createApp();
let chain: Chain;
/** Case numbers by what the test made of them. */
const n: Record<string, number> = {};

beforeAll(async () => {
  chain = await makeChain(app);
  const now = Date.now();
  const make = async (name: string, store: Chain['store'], set: Record<string, unknown>) => {
    const rating = await acceptRating(store, {
      score: 1,
      comment: name,
      contact: { email: `${name}@example.com` },
    });
    const doc = await CaseModel.findOneAndUpdate(
      { rating: rating._id },
      { $set: set },
      { returnDocument: 'after' },
    );
    n[name] = doc!.number;
  };
  await make('late2', chain.store, { dueAt: new Date(now - 1 * HOUR) });
  await make('late1', chain.store, { dueAt: new Date(now - 5 * HOUR), status: 'in_progress' });
  await make('soon', chain.store, { dueAt: new Date(now + 1 * HOUR), owner: null, ownerName: null });
  await make('later', chain.store, { dueAt: new Date(now + 9 * HOUR), status: 'waiting' });
  // resolved after its due time: not overdue, sorted with the rest by due time
  await make('done', chain.store, {
    dueAt: new Date(now - 9 * HOUR),
    status: 'resolved',
    resolvedAt: new Date(),
  });
  await make('soho', chain.other, { dueAt: new Date(now + 2 * HOUR) });
});

const list = (who: { auth: object } | { Authorization: string }, query = '') =>
  request(app)
    .get(`/api/v1/cases${query}`)
    .set('auth' in who ? (who.auth as Record<string, string>) : who);
const numbers = (body: { items: Array<{ number: number }> }) => body.items.map((c) => c.number);

describe('GET /api/v1/cases', () => {
  it('lists overdue cases first, then by due time', async () => {
    const res = await list(chain.owner).expect(200);
    expect(numbers(res.body)).toEqual([n.late1, n.late2, n.done, n.soon, n.soho, n.later]);
    expect(res.body.items.slice(0, 2).every((c: { overdue: boolean }) => c.overdue)).toBe(true);
    expect(res.body.items[2]).toMatchObject({ status: 'resolved', overdue: false });
    expect(res.body.nextCursor).toBeNull();
  });

  it('pages with an opaque cursor without losing or repeating a case', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await list(chain.owner, q).expect(200);
      seen.push(...numbers(res.body));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([n.late1, n.late2, n.done, n.soon, n.soho, n.later]);
    const bad = await list(chain.owner, '?cursor=nonsense').expect(400);
    expect(bad.body.fieldErrors.cursor).toBeDefined();
  });

  it('filters by status, owner, overdue, store and area', async () => {
    expect(numbers((await list(chain.owner, '?status=open').expect(200)).body)).toEqual([
      n.late1,
      n.late2,
      n.soon,
      n.soho,
      n.later,
    ]);
    expect(numbers((await list(chain.owner, '?status=waiting')).body)).toEqual([n.later]);
    expect(numbers((await list(chain.owner, '?overdue=true')).body)).toEqual([n.late1, n.late2]);
    expect(numbers((await list(chain.owner, '?overdue=false')).body)).toEqual([
      n.done,
      n.soon,
      n.soho,
      n.later,
    ]);
    expect(numbers((await list(chain.owner, '?owner=none')).body)).toEqual([n.soon]);
    expect(numbers((await list(chain.manager, '?owner=me&status=open')).body)).toEqual([
      n.late1,
      n.late2,
      n.later,
    ]);
    expect(numbers((await list(chain.owner, `?store=${chain.other._id}`)).body)).toEqual([n.soho]);
    expect(numbers((await list(chain.owner, `?area=${chain.areas.north}&status=open`)).body)).toEqual([
      n.late1,
      n.late2,
      n.soon,
      n.later,
    ]);
  });

  it("shows each member only their stores' cases (another store or area: 404), contact masked below manager", async () => {
    expect(numbers((await list(chain.outsider)).body)).toEqual([n.soho]);
    await list(chain.outsider, `?store=${chain.store._id}`).expect(404);
    const viewer = await list(chain.viewer).expect(200);
    expect(viewer.body.items).toHaveLength(5);
    expect(viewer.body.items.every((c: { contact: { masked: boolean } }) => c.contact.masked)).toBe(true);
    const manager = await list(chain.manager).expect(200);
    expect(manager.body.items[0].contact).toMatchObject({ email: 'late1@example.com', masked: false });
    const foreign = await makeChain(app);
    expect((await list(foreign.owner)).body.items).toHaveLength(0);
    await list(foreign.owner, `?store=${chain.store._id}`).expect(404);
    await list(foreign.owner, `?area=${chain.areas.north}`).expect(404);
  });

  it('answers an API key holding cases:read, with every contact masked; a key without it gets 403', async () => {
    const key = await createKey(app, chain.owner, ['cases:read']);
    const res = await list(key.auth).expect(200);
    expect(res.body.items).toHaveLength(6);
    expect(res.body.items.every((c: { contact: { masked: boolean } }) => c.contact.masked)).toBe(true);
    const detail = await request(app).get(`/api/v1/cases/${res.body.items[0]._id}`).set(key.auth).expect(200);
    expect(detail.body.can).toEqual({ update: false, close: false, reply: false, rule: false });
    await request(app).get('/api/v1/analytics/cases').set(key.auth).expect(200);
    const other = await createKey(app, chain.owner, ['ratings:read']);
    await list(other.auth).expect(403);
    await request(app)
      .patch(`/api/v1/cases/${res.body.items[0]._id}`)
      .set(key.auth)
      .send({ status: 'waiting' })
      .expect(403);
  });
});
