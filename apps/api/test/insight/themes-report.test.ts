// GET /analytics/themes and /themes: counts from the theme rollups equal a recount of the raw comments, per store zone.
import type { Types } from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { addDays, localDay } from '../../src/lib/time';
import { countsInFigures } from '../../src/modules/analytics/rollup.contribution';
import { flagEarlier } from '../../src/modules/feedback/anti-gaming';
import { RatingModel, type RatingDoc } from '../../src/modules/ratings/rating.model';
import { makeMember, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { commented, discovered } from './support';

setupTestDb();
const app = createApp();

const COMMENTS = [
  'The queue was awful and the coffee was cold',
  'Great coffee',
  'Horrible queue, waited forever',
  'Staff were so friendly, lovely coffee',
  'Parking was a nightmare',
  'Nice and clean store',
  'Café muy rico y el personal amable',
  'La cola era enorme',
  'Friendly staff',
];
const HOUR = 3600_000;

/** An owner with London and Sydney stores (a manager's two) and a third store the manager does not cover. */
async function world() {
  const owner = await makeUser();
  const london = await makeStore(owner.id, { name: 'London', timeZone: 'Europe/London' });
  const sydney = await makeStore(owner.id, { name: 'Sydney', timeZone: 'Australia/Sydney' });
  const other = await makeStore(owner.id, { name: 'Elsewhere', timeZone: 'America/New_York' });
  const manager = await makeMember(owner.id, 'manager', [london._id, sydney._id]);
  await discovered(owner.id, ['queue', 'coffee', 'parking']);
  const now = Date.now();
  let i = 0;
  // every ~7 hours over 15 days: the current week, the previous week and a day before it, in both zones
  for (let h = 1; h < 15 * 24; h += 7, i += 1) {
    const store = [london, sydney, other][i % 3]!;
    await commented(store, COMMENTS[i % COMMENTS.length]!, {
      score: (i % 5) + 1,
      createdAt: new Date(now - h * HOUR),
    });
  }
  return { owner, manager, london, sydney, other };
}

/** The recount: counted comments per theme key and store, each store's last 7 local days and the 7 before. */
async function recount(stores: Array<{ _id: Types.ObjectId; timeZone: string }>) {
  const out = new Map<
    string,
    { count: number; previousCount: number; stores: Map<string, [number, number]> }
  >();
  for (const store of stores) {
    const today = localDay(new Date(), store.timeZone);
    const ratings = await RatingModel.find({ store: store._id, insight: { $exists: true } }).lean<
      RatingDoc[]
    >();
    for (const r of ratings.filter(countsInFigures)) {
      const current = r.day >= addDays(today, -6) && r.day <= today;
      const previous = r.day >= addDays(today, -13) && r.day <= addDays(today, -7);
      if (!current && !previous) continue;
      for (const theme of r.insight!.themes) {
        const t = out.get(theme) ?? { count: 0, previousCount: 0, stores: new Map() };
        const s = t.stores.get(String(store._id)) ?? [0, 0];
        if (current) t.count += 1;
        else t.previousCount += 1;
        s[current ? 0 : 1] += 1;
        t.stores.set(String(store._id), s);
        out.set(theme, t);
      }
    }
  }
  return out;
}

describe('GET /api/v1/analytics/themes', () => {
  it("equals a recount of a manager's two stores in their own time zones, with the previous period", async () => {
    const w = await world();
    // a flagged comment counts nowhere
    const flagged = await commented(w.london, 'Great coffee', { score: 5 });
    await flagEarlier([flagged._id], ['burst']);
    const res = await request(app)
      .get('/api/v1/analytics/themes?period=last7&limit=20')
      .set(w.manager.auth)
      .expect(200);
    const want = await recount([w.london, w.sydney]);
    const wanted = [...want.entries()].filter(([, t]) => t.count > 0);
    expect(res.body.themes.map((t: { key: string }) => t.key).sort()).toEqual(wanted.map(([k]) => k).sort());
    for (const theme of res.body.themes) {
      const t = want.get(theme.key)!;
      expect({ count: theme.count, previousCount: theme.previousCount }).toEqual({
        count: t.count,
        previousCount: t.previousCount,
      });
      expect(theme.sentiment.positive + theme.sentiment.neutral + theme.sentiment.negative).toBe(theme.count);
      for (const s of theme.stores) expect([s.count, s.previousCount]).toEqual(t.stores.get(s._id));
      expect(theme.stores.map((s: { name: string }) => s.name)).not.toContain('Elsewhere');
      expect(theme.examples.length).toBeGreaterThan(0);
      expect(theme.examples.length).toBeLessThanOrEqual(2);
      for (const e of theme.examples) {
        const stored = await RatingModel.findById(e._id).lean();
        expect(stored?.insight?.themes).toContain(theme.key);
        expect(String(stored?.store)).not.toBe(String(w.other._id));
        expect(String(stored?._id)).not.toBe(String(flagged._id));
      }
    }
    // sorted by count, most first; each store's own top list agrees with the breakdown
    const counts = res.body.themes.map((t: { count: number }) => t.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    for (const s of res.body.stores) {
      for (const t of s.themes) expect(t.count).toBe(want.get(t.key)!.stores.get(s.store._id)![0]);
    }
    expect(res.body.period.preset).toBe('last7');
  });

  it('shows renames, merges and hidden themes at once, without any rebuild', async () => {
    const w = await world();
    const before = (
      await request(app).get('/api/v1/analytics/themes?period=last30&limit=20').set(w.owner.auth)
    ).body.themes as Array<{ key: string; name: string; count: number }>;
    const countOf = (key: string) => before.find((t) => t.key === key)?.count ?? 0;
    await request(app)
      .patch('/api/v1/themes/coffee')
      .set(w.owner.auth)
      .send({ name: 'Coffee & drinks' })
      .expect(200);
    const merged = await request(app)
      .patch('/api/v1/themes/parking')
      .set(w.owner.auth)
      .send({ mergedInto: 'queue' })
      .expect(200);
    expect(merged.body).toMatchObject({ key: 'parking', mergedInto: 'queue', source: 'discovered' });
    await request(app).patch('/api/v1/themes/Friendly').set(w.owner.auth).send({ hidden: true }).expect(200);
    const after = (
      await request(app).get('/api/v1/analytics/themes?period=last30&limit=20').set(w.owner.auth)
    ).body.themes as Array<{ key: string; name: string; count: number }>;
    expect(after.find((t) => t.key === 'coffee')).toMatchObject({
      name: 'Coffee & drinks',
      count: countOf('coffee'),
    });
    expect(after.find((t) => t.key === 'queue')?.count).toBe(countOf('queue') + countOf('parking'));
    expect(after.map((t) => t.key)).not.toContain('parking');
    expect(after.map((t) => t.key)).not.toContain('Friendly');

    const list = await request(app).get('/api/v1/themes').set(w.owner.auth).expect(200);
    const queue = list.body.themes.find((t: { key: string }) => t.key === 'queue');
    expect(queue).toMatchObject({ mergedFrom: ['parking'], hidden: false, name: 'queue' });
    expect(list.body.themes.find((t: { key: string }) => t.key === 'Friendly')).toMatchObject({
      hidden: true,
      source: 'tag',
    });
    // unmerge and unhide put things back
    await request(app)
      .patch('/api/v1/themes/parking')
      .set(w.owner.auth)
      .send({ mergedInto: null })
      .expect(200);
    await request(app).patch('/api/v1/themes/Friendly').set(w.owner.auth).send({ hidden: false }).expect(200);
    const back = (await request(app).get('/api/v1/analytics/themes?period=last30&limit=20').set(w.owner.auth))
      .body.themes as Array<{ key: string; count: number }>;
    expect(back.find((t) => t.key === 'queue')?.count).toBe(countOf('queue'));
    expect(back.find((t) => t.key === 'Friendly')?.count).toBe(countOf('Friendly'));
  });

  it('answers 400 with a message per field for bad input, 404 for an unknown theme, 403 for a manager', async () => {
    const w = await world();
    const bad = await request(app).get('/api/v1/analytics/themes?limit=0').set(w.owner.auth).expect(400);
    expect(bad.body.fieldErrors).toEqual({ limit: ['Limit must be at least 1'] });
    const custom = await request(app)
      .get('/api/v1/analytics/themes?period=custom')
      .set(w.owner.auth)
      .expect(400);
    expect(custom.body.fieldErrors).toMatchObject({ from: ['Choose the first day of the period'] });
    const empty = await request(app).patch('/api/v1/themes/coffee').set(w.owner.auth).send({}).expect(400);
    expect(empty.body.fieldErrors).toEqual({ name: ['Give a new name, hidden, or the theme to merge into'] });
    const self = await request(app)
      .patch('/api/v1/themes/coffee')
      .set(w.owner.auth)
      .send({ mergedInto: 'coffee' })
      .expect(400);
    expect(self.body.fieldErrors).toEqual({ mergedInto: ['A theme cannot be merged into itself'] });
    const unknown = await request(app)
      .patch('/api/v1/themes/coffee')
      .set(w.owner.auth)
      .send({ mergedInto: 'no such theme' })
      .expect(400);
    expect(unknown.body.fieldErrors).toEqual({ mergedInto: ['Choose one of your themes to merge into'] });
    const clash = await request(app)
      .patch('/api/v1/themes/coffee')
      .set(w.owner.auth)
      .send({ name: 'QUEUE', hidden: 'no' })
      .expect(400);
    expect(clash.body.fieldErrors).toEqual({ hidden: ['Hidden must be true or false'] });
    const taken = await request(app)
      .patch('/api/v1/themes/coffee')
      .set(w.owner.auth)
      .send({ name: 'QUEUE' })
      .expect(400);
    expect(taken.body.fieldErrors).toEqual({ name: ['Another theme is already called "QUEUE"'] });
    await request(app).patch('/api/v1/themes/espresso').set(w.owner.auth).send({ hidden: true }).expect(404);
    await request(app).patch('/api/v1/themes/coffee').set(w.manager.auth).send({ hidden: true }).expect(403);
    // a merge loop is refused
    await request(app)
      .patch('/api/v1/themes/parking')
      .set(w.owner.auth)
      .send({ mergedInto: 'queue' })
      .expect(200);
    const loop = await request(app)
      .patch('/api/v1/themes/queue')
      .set(w.owner.auth)
      .send({ mergedInto: 'parking' })
      .expect(400);
    expect(loop.body.fieldErrors).toEqual({ mergedInto: ['"parking" is already merged into this theme'] });
  });
});
