// GET /analytics/store-rank (#36): a member's stores ranked among every store of the chain ("#2 of 3"), with no
// other store's name or figure in the answer; owners and all-store members get every store.
import request from 'supertest';
import { createApp } from '../../src/app';
import { setMinSample } from '../../src/modules/analytics/analytics-settings.model';
import { makeMember } from '../factories';
import { setupTestDb } from '../helpers/db';
import { ratedChain } from './support';

setupTestDb();
const app = createApp();

/** Alpha 1×5★, Bravo 2×4★, Charlie 3×1★ yesterday; ranked from one rating, so Alpha #1, Bravo #2, Charlie #3. */
async function chain() {
  const { owner, a, b, c } = await ratedChain();
  await setMinSample(owner.id, 1);
  return { owner, a, b, c };
}

const rankOf = (auth: Record<string, string>, query = 'period=last7') =>
  request(app).get(`/api/v1/analytics/store-rank?${query}`).set(auth);

describe('GET /analytics/store-rank', () => {
  it("gives a one-store manager their store's place in the whole chain and nothing about the others", async () => {
    const { owner, b } = await chain();
    const manager = await makeMember(owner.id, 'manager', [b._id]);
    const res = await rankOf(manager.auth);
    expect(res.status).toBe(200);
    expect(res.body.ranked).toBe(3);
    expect(res.body.minSample).toBe(1);
    expect(res.body.stores).toEqual([{ store: { _id: String(b._id), name: 'Bravo' }, rank: 2, ratings: 2 }]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Alpha');
    expect(text).not.toContain('Charlie');
    // Their own store league still ranks only their store ("a league of one"): the chain rank is this route's.
    const league = await request(app).get('/api/v1/analytics/store-league?period=last7').set(manager.auth);
    expect(league.body.ranked.map((r: { rank: number }) => r.rank)).toEqual([1]);
  });

  it('ranks a two-store member’s stores among all three, and every store for the owner', async () => {
    const { owner, a, c } = await chain();
    const two = await makeMember(owner.id, 'viewer', [a._id, c._id]);
    const mine = (await rankOf(two.auth)).body;
    expect(mine.stores.map((s: { store: { name: string }; rank: number }) => [s.store.name, s.rank])).toEqual(
      [
        ['Alpha', 1],
        ['Charlie', 3],
      ],
    );
    expect(JSON.stringify(mine)).not.toContain('Bravo');
    const all = (await rankOf(owner.auth)).body;
    expect(all.ranked).toBe(3);
    expect(all.stores.map((s: { store: { name: string } }) => s.store.name)).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
  });

  it('reports a store below the minimum as not ranked, counting only ranked stores', async () => {
    const { owner, a } = await chain();
    await setMinSample(owner.id, 2);
    const manager = await makeMember(owner.id, 'manager', [a._id]);
    const res = (await rankOf(manager.auth)).body;
    expect(res.ranked).toBe(2);
    expect(res.stores).toEqual([{ store: { _id: String(a._id), name: 'Alpha' }, rank: null, ratings: 1 }]);
  });

  it('answers 400 with per-field messages for a custom period without days', async () => {
    const { owner } = await chain();
    const res = await rankOf(owner.auth, 'period=custom');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Choose the first day of the period');
  });
});
