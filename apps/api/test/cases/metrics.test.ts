// GET /api/v1/analytics/cases: the period's cases in each store's own days, figures equal to a recomputation from the cases.
import request from 'supertest';
import type { Types } from 'mongoose';
import { OPEN_CASE_STATUSES, ROOT_CAUSES, type TCaseStatus } from '@cx/contracts';
import { createApp } from '../../src/app';
import { CaseModel } from '../../src/modules/cases/case.model';
import { localDay, addDays } from '../../src/lib/time';
import { makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb({ clearBetweenTests: false });
const app = createApp();
const MIN = 60_000;

interface Made {
  store: Types.ObjectId;
  status: TCaseStatus;
  createdAt: Date;
  dueAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  withinSla: boolean | null;
  recovered: boolean | null;
  rootCause: (typeof ROOT_CAUSES)[number] | null;
}

let owner: MadeUser;
let viewer: MadeUser;
let london: { _id: Types.ObjectId; timeZone: string };
let tokyo: { _id: Types.ObjectId; timeZone: string };
const made: Made[] = [];
const now = new Date();

/** A seeded pseudo-random sequence, so the world is the same on every run. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

beforeAll(async () => {
  owner = await makeUser();
  london = await makeStore(owner.id, { name: 'London', timeZone: 'Europe/London' });
  tokyo = await makeStore(owner.id, { name: 'Tokyo', timeZone: 'Asia/Tokyo' });
  viewer = await makeMember(owner.id, 'viewer', [london._id]);
  const r = rng(37);
  const statuses: TCaseStatus[] = ['new', 'in_progress', 'waiting', 'resolved', 'closed', 'resolved'];
  for (let i = 0; i < 60; i++) {
    const store = i % 2 ? tokyo : london;
    const createdAt = new Date(now.getTime() - Math.floor(r() * 45 * 24 * 60) * MIN);
    const dueAt = new Date(createdAt.getTime() + 24 * 60 * MIN);
    const status = statuses[i % statuses.length]!;
    const ended = status === 'resolved';
    const resolvedAt = ended ? new Date(createdAt.getTime() + Math.floor(r() * 48 * 60) * MIN) : null;
    made.push({
      store: store._id,
      status,
      createdAt,
      dueAt,
      firstResponseAt: status === 'new' ? null : new Date(createdAt.getTime() + Math.floor(r() * 600) * MIN),
      resolvedAt,
      withinSla: resolvedAt ? resolvedAt <= dueAt : null,
      recovered: ended && r() < 0.7 ? r() < 0.6 : null,
      rootCause: ended ? ROOT_CAUSES[Math.floor(r() * 4)]! : null,
    });
  }
  await CaseModel.insertMany(
    made.map((m, i) => ({
      ...m,
      business: owner.id,
      number: i + 1,
      reason: 'manual',
      summary: 'Seeded',
      updatedAt: m.createdAt,
    })),
  );
});

const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return Math.round((s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) * 10) / 10;
};
const pct = (a: number, b: number) => (b ? Math.round((a * 1000) / b) / 10 : null);

/** The reference: the last 30 local days of each store, today included. */
function expected(stores: Array<{ _id: Types.ObjectId; timeZone: string }>) {
  const rows = made.filter((m) => {
    const s = stores.find((x) => String(x._id) === String(m.store));
    if (!s) return false;
    const today = localDay(now, s.timeZone);
    const day = localDay(m.createdAt, s.timeZone);
    return day >= addDays(today, -29) && day <= today;
  });
  const resolved = rows.filter((m) => m.resolvedAt);
  const answered = rows.filter((m) => m.recovered !== null);
  return {
    opened: rows.length,
    resolved: resolved.length,
    open: rows.filter((m) => OPEN_CASE_STATUSES.includes(m.status)).length,
    medianFirstResponseMinutes: median(
      rows
        .filter((m) => m.firstResponseAt)
        .map((m) => (m.firstResponseAt!.getTime() - m.createdAt.getTime()) / MIN),
    ),
    medianResolutionMinutes: median(
      resolved.map((m) => (m.resolvedAt!.getTime() - m.createdAt.getTime()) / MIN),
    ),
    withinSlaPct: pct(resolved.filter((m) => m.withinSla).length, resolved.length),
    recoveryRate: pct(answered.filter((m) => m.recovered).length, answered.length),
  };
}

describe('GET /api/v1/analytics/cases', () => {
  it('equals a recomputation from the cases over the last 30 days of each store', async () => {
    const res = await request(app).get('/api/v1/analytics/cases?period=last30').set(owner.auth).expect(200);
    const want = expected([london, tokyo]);
    expect(res.body).toMatchObject(want);
    expect(want.opened).toBeGreaterThan(20);
    expect(want.opened).toBeLessThan(60);
    expect(res.body.perStore.map((s: { store: { name: string } }) => s.store.name).sort()).toEqual([
      'London',
      'Tokyo',
    ]);
    const lon = res.body.perStore.find((s: { store: { name: string } }) => s.store.name === 'London');
    const ref = expected([london]);
    expect(lon).toMatchObject({
      opened: ref.opened,
      medianFirstResponseMinutes: ref.medianFirstResponseMinutes,
      medianResolutionMinutes: ref.medianResolutionMinutes,
      withinSlaPct: ref.withinSlaPct,
      recoveryRate: ref.recoveryRate,
    });
    const counted = res.body.topRootCauses.reduce((n: number, r: { count: number }) => n + r.count, 0);
    expect(counted).toBe(want.resolved);
  });

  it("covers only the caller's stores (a store filter outside them: 404)", async () => {
    const res = await request(app).get('/api/v1/analytics/cases').set(viewer.auth).expect(200);
    expect(res.body).toMatchObject(expected([london]));
    await request(app).get(`/api/v1/analytics/cases?stores=${tokyo._id}`).set(viewer.auth).expect(404);
    const foreign = await makeUser();
    const none = await request(app).get('/api/v1/analytics/cases').set(foreign.auth).expect(200);
    expect(none.body).toMatchObject({ opened: 0, medianResolutionMinutes: null, perStore: [] });
  });
});
