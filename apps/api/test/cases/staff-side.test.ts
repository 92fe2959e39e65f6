// The named staff member's side through their scorecard link, and the manager's ruling: unfair leaves only their figures.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { CaseModel } from '../../src/modules/cases/case.model';
import { repairUnfairRulings } from '../../src/modules/cases/case-dispute.service';
import { drainPending } from '../../src/modules/feedback/pipeline.drain';
import { staffOutWork } from '../../src/modules/ratings/pending-work';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember } from '../factories';
import { setupTestDb } from '../helpers/db';
import { makeShop, type Shop } from '../feedback/support';
import { makeLoopCase, ratedWithRollups } from './loop-support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

async function shareLink(shop: Shop, staffId: unknown): Promise<string> {
  const res = await request(app)
    .post(`/api/v1/scorecards/${String(staffId)}/share`)
    .set(shop.business.auth)
    .send({ period: 'last7' })
    .expect(201);
  return (res.body.url as string).split('/scorecard/')[1]!;
}

const cases = (token: string) => request(app).get(`/api/v1/scorecards/public/${token}/cases`);
const side = (token: string, caseId: string, body: object) =>
  request(app).post(`/api/v1/scorecards/public/${token}/cases/${caseId}/side`).send(body);
const rule = (caseId: string, auth: Record<string, string>, body: object) =>
  request(app).post(`/api/v1/cases/${caseId}/dispute`).set(auth).send(body);

/** Alice's own figures (her scorecard) and the store's row in the store league, over the last 7 days. */
async function figures(shop: Shop) {
  const card = await request(app)
    .get(`/api/v1/scorecards/${String(shop.alice._id)}?period=last7`)
    .set(shop.business.auth)
    .expect(200);
  const league = await request(app)
    .get('/api/v1/analytics/store-league?period=last7')
    .set(shop.business.auth)
    .expect(200);
  const rows = [...league.body.ranked, ...league.body.notRanked] as Array<{
    store: { _id: string };
    ratings: number;
    average: number | null;
  }>;
  const store = rows.find((r) => r.store._id === String(shop.store._id))!;
  return {
    alice: {
      ratings: card.body.figures.ratings as number,
      average: card.body.figures.average as number | null,
    },
    store: { ratings: store.ratings, average: store.average },
  };
}

describe('GET /api/v1/scorecards/public/:token/cases', () => {
  it("lists the complaints naming the link's person, comment masked, with no customer details", async () => {
    const loop = await makeLoopCase({ comment: 'Alice was rude, call me on +44 7700 900123' });
    await makeLoopCase({ shop: loop.shop }); // Alice's second complaint
    const bobToken = await shareLink(loop.shop, loop.shop.bob._id);
    const token = await shareLink(loop.shop, loop.shop.alice._id);

    const res = await cases(token).expect(200);
    expect(res.body.items).toHaveLength(2);
    const mine = res.body.items.find((c: { _id: string }) => c._id === loop.caseId);
    expect(mine).toMatchObject({ storeName: 'Harbour Street', score: 1, side: null, dispute: 'none' });
    expect(mine.comment).toBe('Alice was rude, call me on [phone]');
    expect(JSON.stringify(res.body)).not.toMatch(/jo\.customer|7700|contact/);

    expect((await cases(bobToken).expect(200)).body.items).toEqual([]);
    await side(bobToken, loop.caseId, { text: 'Not me' }).expect(404);
    await cases('x'.repeat(43)).expect(404);
  });
});

describe('POST /api/v1/scorecards/public/:token/cases/:caseId/side', () => {
  it('adds their side once, optionally opening a dispute, into the case conversation and history', async () => {
    const loop = await makeLoopCase();
    const token = await shareLink(loop.shop, loop.shop.alice._id);
    await side(token, loop.caseId, { text: '' }).expect(400);
    const res = await side(token, loop.caseId, { text: 'I was alone on the till', dispute: true }).expect(
      201,
    );
    expect(res.body).toMatchObject({ side: 'I was alone on the till', dispute: 'open' });
    await side(token, loop.caseId, { text: 'And another thing' }).expect(409);

    const stored = await CaseModel.findById(loop.caseId).lean();
    expect(stored!.messages.at(-1)).toMatchObject({ from: 'staff', author: 'Alice', channel: 'scorecard' });
    expect(stored!.history.map((h) => h.summary)).toEqual(
      expect.arrayContaining(['Alice added their side', 'Alice disputed the rating']),
    );
  });
});

describe('POST /api/v1/cases/:id/dispute', () => {
  it("unfair takes the rating out of the person's scorecard but not the store's figures, once", async () => {
    const loop = await makeLoopCase();
    await ratedWithRollups(loop.shop, { score: 5, staff: loop.shop.alice._id });
    const token = await shareLink(loop.shop, loop.shop.alice._id);
    const before = await figures(loop.shop);
    expect(before.alice).toEqual({ ratings: 2, average: 3 });

    await rule(loop.caseId, loop.shop.business.auth, { ruling: 'unfair' }).expect(409); // no dispute yet
    await side(token, loop.caseId, { text: 'Not fair', dispute: true }).expect(201);
    const viewer = await makeMember(loop.shop.business.id, 'viewer', null);
    await rule(loop.caseId, viewer.auth, { ruling: 'unfair' }).expect(403);
    await rule(loop.caseId, loop.shop.business.auth, { ruling: 'maybe' }).expect(400);
    const res = await rule(loop.caseId, loop.shop.business.auth, { ruling: 'unfair', note: 'CCTV' }).expect(
      200,
    );
    expect(res.body.dispute).toBe('unfair');

    const after = await figures(loop.shop);
    expect(after.alice).toEqual({ ratings: 1, average: 5 });
    expect(after.store).toEqual(before.store);
    await rule(loop.caseId, loop.shop.business.auth, { ruling: 'fair' }).expect(409);
    expect(await repairUnfairRulings()).toBe(0);
    expect(await figures(loop.shop)).toEqual(after);
    expect((await rebuildRollups({ check: true })).differences).toBe(0);

    const stored = await CaseModel.findById(loop.caseId).lean();
    expect(String(stored!.disputeBy)).toBe(loop.shop.business.id);
    expect(stored!.disputeAt).toBeInstanceOf(Date);
    const audit = await AuditModel.findOne({ action: 'case.dispute' }).lean();
    expect(audit!.summary).toMatch(/unfair/);
  });

  it('fair keeps the rating in every figure', async () => {
    const loop = await makeLoopCase();
    const token = await shareLink(loop.shop, loop.shop.alice._id);
    await side(token, loop.caseId, { text: 'Not fair', dispute: true }).expect(201);
    const before = await figures(loop.shop);
    await rule(loop.caseId, loop.shop.business.auth, { ruling: 'fair' }).expect(200);
    expect(await figures(loop.shop)).toEqual(before);
    const other = await makeShop();
    await rule(loop.caseId, other.business.auth, { ruling: 'fair' }).expect(404);
  });

  it('an exclusion written but never applied (a crash) is counted by the recount and applied once by the drainer', async () => {
    const loop = await makeLoopCase();
    const before = await figures(loop.shop);
    const at = new Date(Date.now() - 60_000);
    await RatingModel.updateOne(
      { _id: loop.rating._id },
      { $set: { staffExcluded: true }, $push: { pending: staffOutWork(at) } },
    );
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
    expect(await figures(loop.shop)).toEqual(before);
    await drainPending();
    await drainPending();
    const after = await figures(loop.shop);
    expect(after.alice).toEqual({ ratings: 0, average: null });
    expect(after.store).toEqual(before.store);
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
  });
});
