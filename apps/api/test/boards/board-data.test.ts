// What a breakroom TV shows: fair ranks with first names, nobody below the minimum sample ranked or last, only
// positive shout-outs with contact details masked, this week's score and today's count.
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { maskContact } from '../../src/lib/mask';
import { setupTestDb } from '../helpers/db';
import { makeStaff, makeStore } from '../factories';
import { makeShop } from '../feedback/support';
import { createBoard, publicBoard, rated, shoutOut, useMinSample } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

async function rankedShop() {
  const shop = await makeShop();
  await useMinSample(shop.business.id, 3);
  const carol = await makeStaff(shop.business.id, [shop.store._id], { name: 'Carol Cooper' });
  for (const score of [5, 5, 4]) await rated(shop.store, { kind: 'staff', staff: shop.alice._id, score });
  for (const score of [4, 4, 3]) await rated(shop.store, { kind: 'staff', staff: shop.bob._id, score });
  // one rating only: below the minimum sample
  await rated(shop.store, { kind: 'staff', staff: carol._id, score: 2 });
  const board = await createBoard(app, shop.business, shop.store);
  return { ...shop, carol, board };
}

describe('GET /api/v1/boards/public/:token (board data)', () => {
  it('ranks the team fairly by first name only, and shows people below the minimum sample unranked, never last', async () => {
    const { board } = await rankedShop();
    const res = await publicBoard(app, board.token);
    expect(res.status).toBe(200);
    const team = res.body.team as Array<{ firstName: string; rank: number | null }>;
    expect(team.map((t) => [t.firstName, t.rank])).toEqual([
      ['Carol', null],
      ['Alice', 1],
      ['Bob', 2],
    ]);
    expect(team[team.length - 1]!.rank).not.toBeNull();
    // no surnames anywhere on the wall
    expect(JSON.stringify(res.body)).not.toMatch(/Archer|Baker|Cooper/);
  });

  it("shows this week's score and today's count from the rollups, and hides a score below the minimum sample", async () => {
    const { board, business, store } = await rankedShop();
    const res = await publicBoard(app, board.token);
    expect(res.body.week.ratings).toBe(7);
    expect(res.body.week.average).toBeCloseTo(27 / 7, 5);
    expect(res.body.today.ratings).toBe(7);
    expect(res.body.minSample).toBe(3);

    const quiet = await makeStore(business.id);
    await rated(quiet, { score: 5 });
    const other = await createBoard(app, business, quiet);
    const few = await publicBoard(app, other.token);
    expect(few.body.week).toMatchObject({ ratings: 1, average: null, change: null });
    expect(few.body.team).toEqual([]);
    expect(store.name).not.toBe(quiet.name);
  });

  it('shows only positive, visible shout-outs of four stars or more, with emails, phone numbers and links masked', async () => {
    const { board, store, alice, bob } = await rankedShop();
    await shoutOut(
      store,
      alice,
      'Alice was lovely! Write to me at jo.smith@example.com or call +44 7700 900123, www.example.org/jo',
    );
    await shoutOut(store, bob, 'Bob was rude and slow', 'negative');
    await shoutOut(store, bob, 'Bob served me', 'neutral');
    await shoutOut(store, bob, 'Bob was great but hidden', 'positive', {
      shoutOut: { staff: bob._id, hidden: true },
    });
    await shoutOut(store, bob, 'Bob was great, sort of', 'positive', { score: 2 });
    const res = await publicBoard(app, board.token);
    const shoutOuts = res.body.shoutOuts as Array<{ text: string; firstName: string }>;
    expect(shoutOuts).toHaveLength(1);
    expect(shoutOuts[0]!.firstName).toBe('Alice');
    expect(shoutOuts[0]!.text).toBe('Alice was lovely! Write to me at [email] or call [phone], [link]');
    const wall = JSON.stringify(res.body);
    for (const hidden of ['jo.smith', '7700', 'example.org', 'rude', 'served me', 'hidden', 'sort of']) {
      expect(wall).not.toContain(hidden);
    }
  });

  it('never shows a comment to a rating the burst detection flagged', async () => {
    const { board, store, alice } = await rankedShop();
    await shoutOut(store, alice, 'Alice is the best', 'positive', {
      flag: { suspicious: true, reasons: ['burst'], reviewedAt: null, restored: false },
    });
    const res = await publicBoard(app, board.token);
    expect(res.body.shoutOuts).toEqual([]);
  });
});

describe('maskContact', () => {
  it.each([
    ['mail me: a.b+c@shop.co.uk thanks', 'mail me: [email] thanks'],
    ['see https://evil.test/x?y=1 now', 'see [link] now'],
    ['call 020 7946 0958 or (555) 123-4567', 'call [phone] or [phone]'],
    ['table 12 at 3pm, 2 coffees', 'table 12 at 3pm, 2 coffees'],
  ])('masks %p', (input, out) => {
    expect(maskContact(input)).toBe(out);
  });
});
