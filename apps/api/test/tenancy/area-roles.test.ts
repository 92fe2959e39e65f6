// Roles at an area: invitations and member edits take areas, the guard resolves the stores under them per request.
import request from 'supertest';
import { AuditModel } from '../../src/tenancy/audit.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { makeAreaMember, makeMember, makeUser, type MadeUser } from '../factories';
import { inviteAndRead, newEmail, setupTeamApp } from '../team/support';

const { app, mailbox } = setupTeamApp();

const addArea = async (who: MadeUser, name: string, parent?: string) =>
  (await request(app).post('/api/v1/areas').set(who.auth).send({ name, parent }).expect(201)).body
    ._id as string;
const addStore = async (who: MadeUser, name: string, area?: string) =>
  (
    await request(app)
      .post('/api/v1/store/create')
      .set(who.auth)
      .send({ name, timeZone: 'Europe/London', area })
      .expect(201)
  ).body.store._id as string;
const storeNames = async (who: MadeUser) =>
  (await request(app).get('/api/v1/store').set(who.auth).expect(200)).body.stores
    .map((s: { name: string }) => s.name)
    .sort();
const move = (who: MadeUser, id: string, area: string) =>
  request(app).put(`/api/v1/store/${id}`).set(who.auth).send({ area }).expect(200);

/** UK › London › {Soho, Camden}, UK › Manchester › Deansgate, US › Brooklyn. */
async function chain() {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const uk = await addArea(owner, 'UK');
  const london = await addArea(owner, 'London', uk);
  const manchester = await addArea(owner, 'Manchester', uk);
  const us = await addArea(owner, 'US');
  const stores = {
    soho: await addStore(owner, 'Soho', london),
    camden: await addStore(owner, 'Camden', london),
    deansgate: await addStore(owner, 'Deansgate', manchester),
    brooklyn: await addStore(owner, 'Brooklyn', us),
  };
  return { owner, areas: { uk, london, manchester, us }, stores };
}

describe('a member granted an area', () => {
  it('sees every store under it, also stores added or moved in later, and loses a moved-out store at once', async () => {
    const { owner, areas, stores } = await chain();
    const district = await makeAreaMember(owner.id, 'manager', [areas.london]);
    const region = await makeAreaMember(owner.id, 'viewer', [areas.uk], [stores.brooklyn]);
    expect(await storeNames(district)).toEqual(['Camden', 'Soho']);
    expect(await storeNames(region)).toEqual(['Brooklyn', 'Camden', 'Deansgate', 'Soho']);

    const shoreditch = await addStore(owner, 'Shoreditch', areas.london);
    expect(await storeNames(district)).toEqual(['Camden', 'Shoreditch', 'Soho']);
    await move(owner, stores.deansgate, areas.london);
    expect(await storeNames(district)).toEqual(['Camden', 'Deansgate', 'Shoreditch', 'Soho']);

    await request(app).get(`/api/v1/store/${stores.soho}`).set(district.auth).expect(200);
    await move(owner, stores.soho, areas.us);
    await request(app).get(`/api/v1/store/${stores.soho}`).set(district.auth).expect(404);
    const snapshot = await request(app)
      .get('/api/v1/analytics/snapshot')
      .query({ stores: stores.soho })
      .set(district.auth);
    expect(snapshot.status).toBe(404);
    expect(await storeNames(district)).toEqual(['Camden', 'Deansgate', 'Shoreditch']);
    // The region viewer loses Soho too (it left the UK); Brooklyn stays theirs by its store grant.
    expect(await storeNames(region)).toEqual(['Brooklyn', 'Camden', 'Deansgate', 'Shoreditch']);
    await request(app).get(`/api/v1/store/${shoreditch}`).set(region.auth).expect(200);

    const audit = await AuditModel.findOne({ business: owner.id, action: 'store.move', storeName: 'Soho' }).lean();
    expect([audit?.actorName, audit?.summary]).toEqual(['Olive Owner', 'Moved Soho from London to US']);
  });

  it('follows an area moved to another branch: the district leaves the region manager at once', async () => {
    const { owner, areas } = await chain();
    const region = await makeAreaMember(owner.id, 'manager', [areas.uk]);
    expect(await storeNames(region)).toEqual(['Camden', 'Deansgate', 'Soho']);
    await request(app)
      .patch(`/api/v1/areas/${areas.london}`)
      .set(owner.auth)
      .send({ parent: areas.us })
      .expect(200);
    expect(await storeNames(region)).toEqual(['Deansgate']);
    const us = await makeAreaMember(owner.id, 'viewer', [areas.us]);
    expect(await storeNames(us)).toEqual(['Brooklyn', 'Camden', 'Soho']);
  });

  it('a grant of the top area covers every store, as a list of stores (never the all-stores null)', async () => {
    const { owner, stores } = await chain();
    const top = await makeAreaMember(owner.id, 'viewer', [owner.id]);
    expect(await storeNames(top)).toEqual(['Brooklyn', 'Camden', 'Deansgate', 'Soho']);
    const me = (await request(app).get('/api/v1/user/me').set(top.auth).expect(200)).body.user;
    expect([...me.stores].sort()).toEqual(Object.values(stores).sort());
  });
});

describe('POST /api/v1/team/invitations with areas', () => {
  it('invites a district manager whose membership covers the district, and lists the areas', async () => {
    const { owner, areas } = await chain();
    const email = newEmail('dm');
    const { token } = await inviteAndRead(app, mailbox, owner.auth, {
      email,
      role: 'manager',
      stores: [],
      areas: [areas.london],
    });
    const listed = (await request(app).get('/api/v1/team/members').set(owner.auth).expect(200)).body;
    expect(listed.invitations[0]).toMatchObject({ email, role: 'manager', areas: [areas.london], stores: [] });
    const signup = await request(app)
      .post('/api/v1/team/invitations/signup')
      .send({ token, fullname: 'Dana District', password: 'CorrectHorse1' })
      .expect(201);
    const dm = { auth: { Authorization: `Bearer ${signup.body.token}` } } as MadeUser;
    expect(await storeNames(dm)).toEqual(['Camden', 'Soho']);
    const members = (await request(app).get('/api/v1/team/members').set(owner.auth).expect(200)).body.members;
    expect(members.find((m: { email: string }) => m.email === email)).toMatchObject({
      role: 'manager',
      stores: [],
      areas: [areas.london],
    });
    const entry = await AuditModel.findOne({ business: owner.id, action: 'invitation.accept' }).lean();
    expect(entry?.summary).toContain('Store manager of London');
  });

  it('answers 404 for an unknown or another business’s area, and owners’ admins stay all-stores', async () => {
    const { owner } = await chain();
    const other = await chain();
    const invite = (body: object) =>
      request(app).post('/api/v1/team/invitations').set(owner.auth).send({ email: newEmail(), ...body });
    const foreign = await invite({ role: 'viewer', areas: [other.areas.london] });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Area not found']);
    const unknown = await invite({ role: 'viewer', areas: ['64b000000000000000000000'] });
    expect(unknown.status).toBe(404);
    const bad = await invite({ role: 'viewer', areas: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['areas.0']).toBeDefined();
    const admin = await invite({ role: 'admin', areas: [other.areas.london] });
    expect(admin.status).toBe(201);
    expect(admin.body.invitation).toMatchObject({ role: 'admin', stores: null, areas: [] });
  });

  it('lets a district manager invite a viewer within their district only', async () => {
    const { owner, areas } = await chain();
    const sub = await addArea(owner, 'Soho Square', areas.london);
    const dm = await makeAreaMember(owner.id, 'manager', [areas.london]);
    // Their picker offers their district, its (empty) sub-area and the areas above, nothing of other branches.
    const listed = (await request(app).get('/api/v1/areas').set(dm.auth).expect(200)).body.areas;
    expect(listed.map((a: { name: string }) => a.name)).toEqual([expect.any(String), 'UK', 'London', 'Soho Square']);
    const invite = (areaIds: string[]) =>
      request(app)
        .post('/api/v1/team/invitations')
        .set(dm.auth)
        .send({ email: newEmail(), role: 'viewer', areas: areaIds });
    expect((await invite([sub])).status).toBe(201);
    expect((await invite([areas.london])).status).toBe(201);
    expect((await invite([areas.manchester])).status).toBe(404);
    expect((await invite([areas.uk])).status).toBe(404);
    // "None chosen" is their own district, not a snapshot of its stores.
    const own = await invite([]);
    expect(own.body.invitation).toMatchObject({ stores: [], areas: [areas.london] });
    const seen = (await request(app).get('/api/v1/team/members').set(dm.auth).expect(200)).body.invitations;
    expect(seen).toHaveLength(3);
  });
});

describe('PUT /api/v1/team/members/:userId with areas', () => {
  it('grants and replaces areas, audits them by name, and refuses another business’s area', async () => {
    const { owner, areas, stores } = await chain();
    const other = await chain();
    const viewer = await makeMember(owner.id, 'viewer', [stores.brooklyn], { fullname: 'Vic Viewer' });
    const put = (body: object) =>
      request(app).put(`/api/v1/team/members/${viewer.id}`).set(owner.auth).send(body);
    const granted = await put({ areas: [areas.manchester] });
    expect(granted.status).toBe(200);
    expect(granted.body.member).toMatchObject({ stores: [stores.brooklyn], areas: [areas.manchester] });
    expect(await storeNames(viewer)).toEqual(['Brooklyn', 'Deansgate']);
    expect((await put({ areas: [other.areas.uk] })).status).toBe(404);
    const manager = await put({ role: 'manager', stores: [], areas: [areas.london] });
    expect(manager.status).toBe(200);
    expect(await storeNames(viewer)).toEqual(['Camden', 'Soho']);
    const none = await put({ role: 'manager', stores: [], areas: [] });
    expect(none.status).toBe(400);
    const admin = await put({ role: 'admin' });
    expect(admin.body.member).toMatchObject({ role: 'admin', stores: null, areas: [] });
    const m = await MembershipModel.findOne({ business: owner.id, user: viewer.id }).lean();
    expect([m?.allStores, m?.areas]).toEqual([true, []]);
    const entry = await AuditModel.findOne({ business: owner.id, action: 'member.update' })
      .sort({ _id: 1 })
      .lean();
    expect(entry?.summary).toBe('Changed Vic Viewer from Viewer of Brooklyn to Viewer of Manchester, Brooklyn');
  });
});
