// /api/v1/targets: per-metric validation, nearest-ancestor inheritance, who may set what where, and the audit.
import request from 'supertest';
import { createApp } from '../../src/app';
import { AuditModel } from '../../src/tenancy/audit.model';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { makeAreaMember, makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const put = (who: MadeUser, body: object) => request(app).put('/api/v1/targets').set(who.auth).send(body);
const get = (who: MadeUser, node?: string) =>
  request(app)
    .get('/api/v1/targets')
    .query(node ? { node } : {})
    .set(who.auth);

/** top › UK › London (Soho), top › US (Austin). */
async function chain() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const root = await rootArea(owner.id);
  const uk = await insertArea(owner.id, 'UK', root);
  const us = await insertArea(owner.id, 'US', root);
  const london = await insertArea(owner.id, 'London', uk);
  const soho = await makeStore(owner.id, { name: 'Soho', area: london._id });
  const austin = await makeStore(owner.id, { name: 'Austin', area: us._id });
  return {
    owner,
    root: owner.id,
    uk: String(uk._id),
    us: String(us._id),
    london: String(london._id),
    soho,
    austin,
  };
}

describe('PUT /api/v1/targets', () => {
  it('rejects a value outside the metric’s range with a message on the value field', async () => {
    const { owner, soho } = await chain();
    const node = String(soho._id);
    const high = await put(owner, { metric: 'average', node, value: 5.5 }).expect(400);
    expect(high.body.fieldErrors.value).toEqual(['Average score target must be between 1 and 5']);
    const part = await put(owner, { metric: 'volume', node, value: 10.5 }).expect(400);
    expect(part.body.fieldErrors.value).toEqual([
      'Ratings per week target must be a whole number from 0 to 100000',
    ]);
    const metric = await put(owner, { metric: 'nps', node, value: 3 }).expect(400);
    expect(metric.body.fieldErrors.metric).toEqual(['Metric must be average, happy, volume or staffRatings']);
    const text = await put(owner, { metric: 'happy', node, value: 'lots' }).expect(400);
    expect(text.body.fieldErrors.value).toEqual(['Target must be a number']);
    expect((await get(owner).expect(200)).body.targets).toEqual([]);
  });

  it('lets stores and areas inherit the nearest target above them until they have their own', async () => {
    const { owner, root, london, soho, austin } = await chain();
    await put(owner, { metric: 'average', node: root, value: 4.5 }).expect(200);
    const set = await put(owner, { metric: 'average', node: london, value: 4.2 }).expect(200);
    expect(set.body.target).toMatchObject({ metric: 'average', node: london, nodeKind: 'area', value: 4.2 });

    const at = async (node: string) =>
      (await get(owner, node).expect(200)).body.effective.find(
        (e: { metric: string }) => e.metric === 'average',
      );
    expect(await at(String(soho._id))).toEqual({
      metric: 'average',
      value: 4.2,
      from: { _id: london, kind: 'area', name: 'London' },
    });
    expect((await at(String(austin._id))).from).toEqual({
      _id: root,
      kind: 'area',
      name: "Olive Owner's business",
    });

    await put(owner, { metric: 'average', node: String(soho._id), value: 4.8 }).expect(200);
    expect((await at(String(soho._id))).value).toBe(4.8);
    // null removes the store's own target: it inherits London's again
    const removed = await put(owner, { metric: 'average', node: String(soho._id), value: null }).expect(200);
    expect(removed.body.target).toBeNull();
    expect((await at(String(soho._id))).value).toBe(4.2);

    const happy = (await get(owner, String(soho._id))).body.effective.find(
      (e: { metric: string }) => e.metric === 'happy',
    );
    expect(happy).toEqual({ metric: 'happy', value: null, from: null });
    const audit = await AuditModel.find({ business: owner.id, kind: 'target' }).sort({ _id: 1 }).lean();
    expect(audit.map((a) => a.summary)).toEqual([
      "Set the Average score target of Olive Owner's business to 4.5",
      'Set the Average score target of London to 4.2',
      'Set the Average score target of Soho to 4.8',
      'Removed the Average score target of Soho',
    ]);
  });

  it('lets a store manager set targets on their stores only, never on an area; a viewer sets none', async () => {
    const { owner, root, london, soho, austin } = await chain();
    const manager = await makeMember(owner.id, 'manager', [soho._id]);
    const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
    await put(manager, { metric: 'happy', node: String(soho._id), value: 80 }).expect(200);
    await put(manager, { metric: 'happy', node: String(austin._id), value: 80 }).expect(404);
    const area = await put(manager, { metric: 'happy', node: london, value: 80 }).expect(403);
    expect(area.body.message).toMatch(/area’s target/);
    await put(viewer, { metric: 'happy', node: String(soho._id), value: 80 }).expect(403);
    const admin = await makeMember(owner.id, 'admin');
    await put(admin, { metric: 'volume', node: root, value: 50 }).expect(200);
    await put(owner, { metric: 'volume', node: String(austin._id), value: 20 }).expect(200);

    // a store-limited member reads the targets on their stores and the areas above them, nothing of other branches
    const seen = (await get(viewer).expect(200)).body.targets.map((t: { node: string }) => t.node).sort();
    expect(seen).toEqual([root, String(soho._id)].sort());
    await get(viewer, String(austin._id)).expect(404);
    const audit = await AuditModel.findOne({ business: owner.id, kind: 'target', 'after.value': 80 }).lean();
    expect(audit).toMatchObject({ actorRole: 'manager', storeName: 'Soho' });
  });

  it('lets a manager granted an area set targets on it and below it, never above it or beside it', async () => {
    const { owner, root, uk, us, london, soho, austin } = await chain();
    const district = await makeAreaMember(owner.id, 'manager', [uk]);
    await put(district, { metric: 'average', node: uk, value: 4.1 }).expect(200);
    await put(district, { metric: 'average', node: london, value: 4.4 }).expect(200);
    await put(district, { metric: 'happy', node: String(soho._id), value: 85 }).expect(200);
    const above = await put(district, { metric: 'average', node: root, value: 3 }).expect(403);
    expect(above.body.message).toBe(
      'Only owners and admins, or a manager of the area, can set an area’s target',
    );
    await put(district, { metric: 'average', node: us, value: 3 }).expect(404);
    await put(district, { metric: 'average', node: String(austin._id), value: 3 }).expect(404);
    expect((await get(district, london).expect(200)).body.canSet).toBe(true);
    expect((await get(district, root).expect(200)).body.canSet).toBe(false);
    const viewer = await makeAreaMember(owner.id, 'viewer', [uk]);
    expect((await get(viewer, london).expect(200)).body.canSet).toBe(false);
    await put(viewer, { metric: 'average', node: london, value: 4 }).expect(403);
  });

  it('answers 404 for another business’s node, and for an id that is no area or store', async () => {
    const { owner } = await chain();
    const other = await makeUser();
    const theirs = await makeStore(other.id);
    await put(owner, { metric: 'average', node: String(theirs._id), value: 4 }).expect(404);
    await put(owner, { metric: 'average', node: other.id, value: 4 }).expect(404);
    await get(owner, String(theirs._id)).expect(404);
  });
});
