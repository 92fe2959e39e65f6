// Flagged review by role (#21): a manager lists and restores their stores' ratings only; a restore is in the audit log.
import request from 'supertest';
import { createApp } from '../../src/app';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RatingAuditModel } from '../../src/modules/ratings/rating-audit.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeRating, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const flag = { suspicious: true, restored: false, reasons: ['burst'] };

async function chain() {
  const owner = await makeUser();
  const mine = await makeStore(owner.id, { name: 'Mine' });
  const theirs = await makeStore(owner.id, { name: 'Theirs' });
  const person = await makeStaff(owner.id, [mine._id], { name: 'Pat' });
  const here = await makeRating(mine, { kind: 'staff', staff: person._id, score: 5, comment: 'great', flag });
  const there = await makeRating(theirs, { score: 1, comment: 'secret from theirs', flag });
  const manager = await makeMember(owner.id, 'manager', [mine._id]);
  return { owner, mine, theirs, here, there, manager };
}

describe('flagged ratings review, by role', () => {
  it("lists a manager's stores' flagged ratings only, and 404 for a store filter outside theirs", async () => {
    const { owner, mine, theirs, here, manager } = await chain();
    const list = await request(app).get('/api/v1/ratings/flagged?status=all').set(manager.auth);
    expect(list.status).toBe(200);
    expect([list.body.total, list.body.ratings.map((r: { _id: string }) => r._id)]).toEqual([
      1,
      [String(here._id)],
    ]);
    expect(JSON.stringify(list.body)).not.toContain('secret from theirs');
    const filtered = await request(app).get(`/api/v1/ratings/flagged?store=${mine._id}`).set(manager.auth);
    expect(filtered.body.total).toBe(1);
    const outside = await request(app).get(`/api/v1/ratings/flagged?store=${theirs._id}`).set(manager.auth);
    expect([outside.status, outside.body.message]).toEqual([404, 'Store not found']);
    // the owner still sees both
    expect((await request(app).get('/api/v1/ratings/flagged').set(owner.auth)).body.total).toBe(2);
  });

  it("answers 404 to a manager restoring another store's rating and leaves it flagged", async () => {
    const { there, manager } = await chain();
    const res = await request(app)
      .post(`/api/v1/ratings/${there._id}/restore`)
      .set(manager.auth)
      .send({ note: 'x' });
    expect([res.status, res.body.message]).toEqual([404, 'Rating not found']);
    expect((await RatingModel.findById(there._id).lean())?.flag?.restored).toBe(false);
    expect(await AuditModel.countDocuments({})).toBe(0);
  });

  it('restores a rating at their store, records who did it and appends it to the business audit log', async () => {
    const { owner, mine, here, manager } = await chain();
    const res = await request(app)
      .post(`/api/v1/ratings/${here._id}/restore`)
      .set(manager.auth)
      .send({ note: 'Checked the camera' });
    expect(res.status).toBe(200);
    expect(res.body.restored).toBe(true);
    expect(res.body.audit.map((a: { actor: { _id: string } }) => a.actor._id)).toEqual([manager.id]);
    expect((await RatingAuditModel.findOne({ rating: here._id }).lean())?.actor?.toString()).toBe(manager.id);
    const entries = await AuditModel.find({ business: owner.id }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorRole: 'manager',
      kind: 'rating',
      action: 'rating.restore',
      storeName: 'Mine',
    });
    expect(String(entries[0]!.actor)).toBe(manager.id);
    expect(String(entries[0]!.store)).toBe(String(mine._id));
    expect(entries[0]!.summary).toMatch(/Restored a flagged 5-star staff rating for Pat: Checked the camera/);
  });

  it('refuses review to a viewer (403) even at their own store', async () => {
    const { owner, mine, here } = await chain();
    const viewer = await makeMember(owner.id, 'viewer', [mine._id]);
    expect((await request(app).get('/api/v1/ratings/flagged').set(viewer.auth)).status).toBe(403);
    const res = await request(app).post(`/api/v1/ratings/${here._id}/restore`).set(viewer.auth).send({});
    expect(res.status).toBe(403);
  });
});
