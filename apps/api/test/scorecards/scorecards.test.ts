// Staff scorecards over HTTP: figures equal the staff league table's row, the PDF, share links, scope and validation.
import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { setMinSample } from '../../src/modules/analytics/analytics-settings.model';
import { ScorecardShareModel } from '../../src/modules/scorecards/scorecard-share.model';
import { makeMember, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { pdfContent } from '../helpers/pdf';
import { binary, rate } from './support';

setupTestDb();
const app = createApp();

/** A business with two stores: Ana and Ben at the first, Cleo at the second; ratings, shift credit and shout-outs. */
async function world() {
  const owner = await makeUser();
  await setMinSample(owner.id, 3);
  const north = await makeStore(owner.id, { name: 'North Street' });
  const south = await makeStore(owner.id, { name: 'South Quay' });
  const ana = await makeStaff(owner.id, [north._id], { name: 'Ana Alvarez' });
  const ben = await makeStaff(owner.id, [north._id], { name: 'Ben Brightwater' });
  const cleo = await makeStaff(owner.id, [south._id], { name: 'Cleo Castellano' });
  for (let i = 0; i < 10; i++) await rate(owner.id, north, { staff: ana, score: 5, hoursAgo: 2 + i * 30 });
  await rate(owner.id, north, { staff: ana, score: 3, hoursAgo: 400 });
  for (let i = 0; i < 4; i++) await rate(owner.id, north, { staff: ben, score: 4, hoursAgo: 5 + i * 20 });
  for (let i = 0; i < 3; i++) await rate(owner.id, south, { staff: cleo, score: 2, hoursAgo: 3 + i * 10 });
  for (let i = 0; i < 3; i++) await rate(owner.id, north, { score: 5, hoursAgo: 6 + i, onShift: [ana, ben] });
  await rate(owner.id, north, {
    staff: ana,
    score: 5,
    hoursAgo: 1,
    comment: 'Ana made our morning, so kind',
    shoutOut: { staff: ana._id, hidden: false },
  });
  await rate(owner.id, north, {
    staff: ben,
    score: 5,
    hoursAgo: 1,
    comment: 'Hidden praise for Ana',
    shoutOut: { staff: ana._id, hidden: true },
  });
  return { owner, north, south, ana, ben, cleo };
}

const leagueRowOf = async (auth: Record<string, string>, staffId: string, query = 'period=last30') => {
  const res = await request(app).get(`/api/v1/analytics/staff-league?${query}`).set(auth).expect(200);
  const rows = [...res.body.ranked, ...res.body.notRanked] as Array<{ staff: { _id: string } }>;
  return rows.find((r) => r.staff._id === staffId);
};

describe('GET /api/v1/scorecards/:staffId', () => {
  it("shows exactly the staff league table's row for that person and period, with trend, badges and shout-outs", async () => {
    const { owner, ana } = await world();
    for (const query of ['period=last30', 'period=last7', 'period=custom&from=2020-01-01&to=2020-12-31']) {
      const res = await request(app)
        .get(`/api/v1/scorecards/${ana._id}?${query}`)
        .set(owner.auth)
        .expect(200);
      expect(res.body.figures).toEqual(await leagueRowOf(owner.auth, String(ana._id), query));
    }
    const card = (await request(app).get(`/api/v1/scorecards/${ana._id}`).set(owner.auth).expect(200)).body;
    expect(card.figures.ratings).toBe(12);
    expect(card.figures.rank).toBe(1);
    expect(card.figures.shiftExperience).toEqual({ ratings: 3, average: 5 });
    const counted = card.trend.series.reduce((n: number, p: { count: number }) => n + p.count, 0);
    expect(counted).toBe(12);
    expect(card.fiveStarTotal).toBe(11);
    expect(card.badges.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining(['five-star-10', 'top-of-league', 'shift-star']),
    );
    expect(card.shoutOuts.map((s: { comment: string }) => s.comment)).toEqual([
      'Ana made our morning, so kind',
    ]);
    const text = JSON.stringify(card);
    expect(text).not.toContain('Ben Brightwater');
    expect(text).not.toContain('Cleo Castellano');
  });

  it('answers 400 with a per-field message for a bad period', async () => {
    const { owner, ana } = await world();
    const missing = await request(app).get(`/api/v1/scorecards/${ana._id}?period=custom`).set(owner.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.from).toEqual(['Choose the first day of the period']);
    expect(
      (await request(app).get(`/api/v1/scorecards/${ana._id}?period=forever`).set(owner.auth)).status,
    ).toBe(400);
  });

  it("answers 404 to a manager of another store and to another business, 200 to the person's store manager", async () => {
    const { owner, north, south, ana } = await world();
    const southManager = await makeMember(owner.id, 'manager', [south._id]);
    const northManager = await makeMember(owner.id, 'manager', [north._id]);
    const stranger = await makeUser();
    for (const path of [`/api/v1/scorecards/${ana._id}`, `/api/v1/scorecards/${ana._id}/pdf`]) {
      expect((await request(app).get(path).set(southManager.auth)).status).toBe(404);
      expect((await request(app).get(path).set(stranger.auth)).status).toBe(404);
    }
    const share = await request(app)
      .post(`/api/v1/scorecards/${ana._id}/share`)
      .set(southManager.auth)
      .send({});
    expect(share.status).toBe(404);
    const mine = await request(app).get(`/api/v1/scorecards/${ana._id}`).set(northManager.auth).expect(200);
    expect(mine.body.figures).toEqual(await leagueRowOf(northManager.auth, String(ana._id)));
  });
});

describe('GET /api/v1/scorecards/:staffId/pdf', () => {
  it("prints one page with the person's name and exactly the league figures, and no other staff member", async () => {
    const { owner, ana } = await world();
    const row = (await leagueRowOf(owner.auth, String(ana._id))) as unknown as {
      ratings: number;
      average: number;
      adjustedAverage: number;
      csat: number;
      rank: number;
      shiftExperience: { ratings: number; average: number };
    };
    const res = await request(app)
      .get(`/api/v1/scorecards/${ana._id}/pdf?period=last30`)
      .set(owner.auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const { text, pages } = await pdfContent(res.body as Buffer);
    expect(pages).toBe(1);
    expect(text).toContain('Ana Alvarez');
    expect(text).toContain(`Ratings ${row.ratings}`);
    expect(text).toContain(`Average ${row.average.toFixed(2)}`);
    expect(text).toContain(`Adjusted average ${row.adjustedAverage.toFixed(2)}`);
    expect(text).toContain(`CSAT ${row.csat.toFixed(0)}%`);
    expect(text).toContain(`Rank #${row.rank}`);
    expect(text).toContain(
      `Shift experience ${row.shiftExperience.average.toFixed(2)} (${row.shiftExperience.ratings} ratings)`,
    );
    expect(text).toContain('Ana made our morning, so kind');
    expect(text).not.toContain('Ben Brightwater');
    expect(text).not.toContain('Cleo Castellano');
    expect(text).not.toContain('Hidden praise');
  });
});

describe('POST /api/v1/scorecards/:staffId/share', () => {
  it('gives a link that opens without login, is stored only as a hash, and answers 404 once revoked', async () => {
    const { owner, ana } = await world();
    const created = await request(app)
      .post(`/api/v1/scorecards/${ana._id}/share`)
      .set(owner.auth)
      .send({ period: 'last30' })
      .expect(201);
    const prefix = `${env.PUBLIC_WEB_URL}/scorecard/`;
    expect(created.body.url.startsWith(prefix)).toBe(true);
    const token = created.body.url.slice(prefix.length) as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ScorecardShareModel.findById(created.body._id).lean();
    expect(JSON.stringify(stored)).not.toContain(token);

    const open = await request(app).get(`/api/v1/scorecards/public/${token}`).expect(200);
    expect(open.body.figures).toEqual(await leagueRowOf(owner.auth, String(ana._id)));
    expect(JSON.stringify(open.body)).not.toContain('Ben Brightwater');

    const list = await request(app).get(`/api/v1/scorecards/${ana._id}/shares`).set(owner.auth).expect(200);
    expect(list.body.shares).toHaveLength(1);
    expect(list.body.shares[0].lastSeenAt).not.toBeNull();
    expect(list.body.shares[0].revokedAt).toBeNull();

    await request(app).delete(`/api/v1/scorecards/shares/${created.body._id}`).set(owner.auth).expect(200);
    expect((await request(app).get(`/api/v1/scorecards/public/${token}`)).status).toBe(404);
    const after = await request(app).get(`/api/v1/scorecards/${ana._id}/shares`).set(owner.auth).expect(200);
    expect(after.body.shares[0].revokedAt).not.toBeNull();
    expect((await request(app).get(`/api/v1/scorecards/public/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('lets a manager revoke only links within their stores, and a viewer create none', async () => {
    const { owner, north, south, ana } = await world();
    const created = await request(app).post(`/api/v1/scorecards/${ana._id}/share`).set(owner.auth).send({});
    const northManager = await makeMember(owner.id, 'manager', [north._id]);
    const viewer = await makeMember(owner.id, 'viewer', [north._id]);
    const southManager = await makeMember(owner.id, 'manager', [south._id]);
    const revoke = `/api/v1/scorecards/shares/${created.body._id}`;
    expect((await request(app).delete(revoke).set(northManager.auth)).status).toBe(404);
    expect((await request(app).delete(revoke).set(southManager.auth)).status).toBe(404);
    expect(
      (await request(app).post(`/api/v1/scorecards/${ana._id}/share`).set(viewer.auth).send({})).status,
    ).toBe(403);
    const own = await request(app)
      .post(`/api/v1/scorecards/${ana._id}/share`)
      .set(northManager.auth)
      .send({});
    expect(own.status).toBe(201);
    await request(app).delete(`/api/v1/scorecards/shares/${own.body._id}`).set(northManager.auth).expect(200);
  });
});
