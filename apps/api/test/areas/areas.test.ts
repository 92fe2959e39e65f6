// /api/v1/areas: the top area, sibling names, moves that carry their subtree, no cycles, no deleting a full area, audit.
import request from 'supertest';
import { createApp } from '../../src/app';
import { AreaModel } from '../../src/tenancy/area.model';
import { rootArea } from '../../src/tenancy/areas';
import { AuditModel } from '../../src/tenancy/audit.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makeMember, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const post = (who: MadeUser, body: object) => request(app).post('/api/v1/areas').set(who.auth).send(body);
const patch = (who: MadeUser, id: string, body: object) =>
  request(app).patch(`/api/v1/areas/${id}`).set(who.auth).send(body);
const list = async (who: MadeUser) =>
  (await request(app).get('/api/v1/areas').set(who.auth).expect(200)).body.areas;

/** Olive's chain: top › UK › London, top › US. */
async function chain() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const [root] = await list(owner);
  const uk = (await post(owner, { name: 'UK' }).expect(201)).body;
  const us = (await post(owner, { name: 'US' }).expect(201)).body;
  const london = (await post(owner, { name: 'London', parent: uk._id }).expect(201)).body;
  return { owner, root, uk, us, london };
}

const pathOf = async (id: string) => ((await AreaModel.findById(id).lean())?.ancestors ?? []).map(String);

describe('GET /api/v1/areas', () => {
  it('starts every business with one top area named after it, and answers parents before children', async () => {
    const { owner, root, uk, us, london } = await chain();
    expect(root).toEqual({
      _id: expect.any(String),
      name: "Olive Owner's business",
      parent: null,
      settings: {},
    });
    expect(await list(owner)).toEqual([
      root,
      { _id: uk._id, name: 'UK', parent: root._id, settings: {} },
      { _id: us._id, name: 'US', parent: root._id, settings: {} },
      { _id: london._id, name: 'London', parent: uk._id, settings: {} },
    ]);
    const other = await makeUser();
    expect((await list(other)).map((a: { name: string }) => a.name)).toEqual([
      expect.stringMatching(/business$/),
    ]);
  });

  it('creates one top area even when the first requests race', async () => {
    const owner = await makeUser();
    const roots = await Promise.all([1, 2, 3, 4].map(() => rootArea(owner.id)));
    expect(new Set(roots.map((r) => String(r._id))).size).toBe(1);
    expect(await AreaModel.countDocuments({ business: owner.id })).toBe(1);
  });

  it('shows a store-limited member only the areas above their stores', async () => {
    const { owner, root, uk, london } = await chain();
    const soho = await makeStore(owner.id, { name: 'Soho', area: london._id });
    await makeStore(owner.id, { name: 'Austin' });
    const manager = await makeMember(owner.id, 'manager', [soho._id]);
    expect((await list(manager)).map((a: { _id: string }) => a._id)).toEqual([root._id, uk._id, london._id]);
    const admin = await makeMember(owner.id, 'admin');
    expect(await list(admin)).toHaveLength(4);
  });
});

describe('POST /api/v1/areas', () => {
  it('keeps names unique among siblings (ignoring case) but not across the tree', async () => {
    const { owner, uk, us } = await chain();
    const clash = await post(owner, { name: ' uk ' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: 'AREA_NAME_TAKEN',
      message: 'Another area with this name already sits here',
    });
    expect((await post(owner, { name: 'London', parent: us._id })).status).toBe(201);
    expect((await post(owner, { name: 'london', parent: uk._id })).status).toBe(409);
  });

  it('stores the ancestor path at any depth', async () => {
    const { owner, root, uk, london } = await chain();
    const west = (await post(owner, { name: 'West End', parent: london._id }).expect(201)).body;
    expect(await pathOf(west._id)).toEqual([root._id, uk._id, london._id]);
  });

  it('answers per-field 400s, and 404 for a parent of another business or none', async () => {
    const { owner } = await chain();
    const blank = await post(owner, { name: '  ', parent: 'nope' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({
      name: ['Area name is required'],
      parent: ['Must be a valid id'],
    });
    expect((await post(owner, { name: 'x'.repeat(121) })).body.fieldErrors.name).toEqual([
      'Area name must be at most 120 characters',
    ]);
    const stranger = await makeUser();
    const [theirs] = await list(stranger);
    const foreign = await post(owner, { name: 'Sneaky', parent: theirs._id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Area not found');
  });

  it('is for owners and admins only', async () => {
    const { owner } = await chain();
    const manager = await makeMember(owner.id, 'manager', [(await makeStore(owner.id))._id]);
    const viewer = await makeMember(owner.id, 'viewer');
    const admin = await makeMember(owner.id, 'admin');
    expect((await post(manager, { name: 'North' })).status).toBe(403);
    expect((await post(viewer, { name: 'North' })).status).toBe(403);
    expect((await post(admin, { name: 'North' })).status).toBe(201);
  });
});

describe('PATCH /api/v1/areas/:id', () => {
  it('moves an area with everything under it', async () => {
    const { owner, root, uk, us, london } = await chain();
    const west = (await post(owner, { name: 'West End', parent: london._id }).expect(201)).body;
    const moved = await patch(owner, london._id, { parent: us._id, name: 'New London' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ _id: london._id, name: 'New London', parent: us._id, settings: {} });
    expect(await pathOf(london._id)).toEqual([root._id, us._id]);
    expect(await pathOf(west._id)).toEqual([root._id, us._id, london._id]);
    expect(await pathOf(uk._id)).toEqual([root._id]);
  });

  it('refuses a cycle, moving the top area, and a name taken where it lands', async () => {
    const { owner, root, uk, us, london } = await chain();
    const self = await patch(owner, uk._id, { parent: uk._id });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'AREA_CYCLE' });
    expect((await patch(owner, uk._id, { parent: london._id })).body.code).toBe('AREA_CYCLE');
    expect((await patch(owner, root._id, { parent: us._id })).body.code).toBe('AREA_ROOT');
    await post(owner, { name: 'London', parent: us._id }).expect(201);
    expect((await patch(owner, london._id, { parent: us._id })).status).toBe(409);
    expect((await patch(owner, us._id, { name: 'uk' })).status).toBe(409);
    expect(await pathOf(london._id)).toEqual([root._id, uk._id]);
  });

  it('renames the top area, asks for a change, and 404s another business area', async () => {
    const { owner, root } = await chain();
    expect((await patch(owner, root._id, { name: 'Northwind' })).body.name).toBe('Northwind');
    const empty = await patch(owner, root._id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Change the name, the parent or a setting');
    const stranger = await makeUser();
    expect((await patch(stranger, root._id, { name: 'Mine' })).status).toBe(404);
  });
});

describe('DELETE /api/v1/areas/:id', () => {
  it('refuses while the area holds areas or live stores, and never deletes the top area', async () => {
    const { owner, root, uk, london } = await chain();
    const full = await request(app).delete(`/api/v1/areas/${uk._id}`).set(owner.auth);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'AREA_NOT_EMPTY' });
    const store = await makeStore(owner.id, { area: london._id });
    expect((await request(app).delete(`/api/v1/areas/${london._id}`).set(owner.auth)).status).toBe(409);
    await StoreModel.updateOne({ _id: store._id }, { $set: { deletedAt: new Date() } });
    await request(app).delete(`/api/v1/areas/${london._id}`).set(owner.auth).expect(200);
    await request(app).delete(`/api/v1/areas/${uk._id}`).set(owner.auth).expect(200);
    expect((await request(app).delete(`/api/v1/areas/${root._id}`).set(owner.auth)).body.code).toBe(
      'AREA_ROOT',
    );
    expect((await list(owner)).map((a: { name: string }) => a.name)).toEqual([
      "Olive Owner's business",
      'US',
    ]);
    const stranger = await makeUser();
    expect((await request(app).delete(`/api/v1/areas/${root._id}`).set(stranger.auth)).status).toBe(404);
  });

  it('writes each change to the audit log in words', async () => {
    const { owner, uk, us, london } = await chain();
    await patch(owner, london._id, { parent: us._id }).expect(200);
    await patch(owner, uk._id, { name: 'United Kingdom' }).expect(200);
    await request(app).delete(`/api/v1/areas/${uk._id}`).set(owner.auth).expect(200);
    const entries = await AuditModel.find({ business: owner.id, kind: 'area' }).sort({ _id: 1 }).lean();
    expect(entries.map((e) => [e.action, e.summary, e.actorName])).toEqual([
      ['area.create', "Added the area UK under Olive Owner's business", 'Olive Owner'],
      ['area.create', "Added the area US under Olive Owner's business", 'Olive Owner'],
      ['area.create', 'Added the area London under UK', 'Olive Owner'],
      ['area.move', 'Moved the area London from UK to US', 'Olive Owner'],
      ['area.rename', 'Renamed the area UK to United Kingdom', 'Olive Owner'],
      ['area.delete', 'Deleted the area United Kingdom', 'Olive Owner'],
    ]);
  });
});
