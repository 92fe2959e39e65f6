// Members: the list (a store manager sees their stores'), role and store changes, removal, ownership transfer.
import request from 'supertest';
import { AuditModel } from '../../src/tenancy/audit.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { makeMember, makeStore, makeUser } from '../factories';
import { newEmail, setupTeamApp } from './support';

const { app } = setupTeamApp();

async function chain() {
  const owner = await makeUser({ fullname: 'Olivia Owner' });
  const soho = await makeStore(owner.id, { name: 'Soho' });
  const camden = await makeStore(owner.id, { name: 'Camden' });
  const admin = await makeMember(owner.id, 'admin', null, { fullname: 'Adam Admin' });
  const sohoManager = await makeMember(owner.id, 'manager', [soho._id], { fullname: 'Sally Soho' });
  const camdenManager = await makeMember(owner.id, 'manager', [camden._id], { fullname: 'Carl Camden' });
  return { owner, soho, camden, admin, sohoManager, camdenManager };
}

describe('GET /team/members', () => {
  it('lists every member with role and stores for the owner, and only those touching their stores for a manager', async () => {
    const { owner, soho, camden, sohoManager, camdenManager } = await chain();
    await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: newEmail('camdenviewer'), role: 'viewer', stores: [String(camden._id)] })
      .expect(201);
    await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: newEmail('sohoviewer'), role: 'viewer', stores: [String(soho._id)] })
      .expect(201);

    const all = await request(app).get('/api/v1/team/members').set(owner.auth).expect(200);
    expect(
      all.body.members.map((m: { fullname: string; role: string; stores: string[] | null }) => [
        m.fullname,
        m.role,
        m.stores,
      ]),
    ).toEqual([
      ['Olivia Owner', 'owner', null],
      ['Adam Admin', 'admin', null],
      ['Carl Camden', 'manager', [String(camden._id)]],
      ['Sally Soho', 'manager', [String(soho._id)]],
    ]);
    expect(all.body.members[0].email).toBe(owner.user.email);
    expect(all.body.invitations).toHaveLength(2);

    const mine = await request(app).get('/api/v1/team/members').set(sohoManager.auth).expect(200);
    const names = mine.body.members.map((m: { fullname: string }) => m.fullname);
    expect(names).toEqual(['Olivia Owner', 'Adam Admin', 'Sally Soho']);
    expect(names).not.toContain(camdenManager.user.fullname);
    expect(mine.body.invitations).toHaveLength(1);
    expect(mine.body.invitations[0].stores).toEqual([String(soho._id)]);
  });
});

describe('PUT /team/members/:userId', () => {
  it('changes role and stores (validated), audited, effective on the next request', async () => {
    const { owner, soho, camden, admin, sohoManager } = await chain();
    await request(app)
      .get(`/api/v1/store/${String(camden._id)}`)
      .set(sohoManager.auth)
      .expect(404);
    const res = await request(app)
      .put(`/api/v1/team/members/${sohoManager.id}`)
      .set(admin.auth)
      .send({ stores: [String(soho._id), String(camden._id)] })
      .expect(200);
    expect(res.body.member).toMatchObject({
      role: 'manager',
      stores: [String(soho._id), String(camden._id)],
    });
    await request(app)
      .get(`/api/v1/store/${String(camden._id)}`)
      .set(sohoManager.auth)
      .expect(200);

    await request(app)
      .put(`/api/v1/team/members/${sohoManager.id}`)
      .set(owner.auth)
      .send({ role: 'viewer', stores: [String(soho._id)] })
      .expect(200);
    const write = await request(app)
      .put(`/api/v1/store/${String(soho._id)}`)
      .set(sohoManager.auth)
      .send({ name: 'x' });
    expect(write.status).toBe(403);

    const entry = await AuditModel.findOne({ action: 'member.update' }).sort({ _id: -1 }).lean();
    expect(entry!.summary).toBe('Changed Sally Soho from Store manager of Soho, Camden to Viewer of Soho');
    expect(entry!.actorRole).toBe('owner');
  });

  it('refuses the owner, oneself, a manager without stores, other businesses’ stores and non-members', async () => {
    const { owner, soho, admin, sohoManager } = await chain();
    const other = await makeUser();
    const foreign = await makeStore(other.id);
    expect(
      (await request(app).put(`/api/v1/team/members/${owner.id}`).set(admin.auth).send({ role: 'viewer' }))
        .status,
    ).toBe(403);
    expect(
      (await request(app).put(`/api/v1/team/members/${admin.id}`).set(admin.auth).send({ role: 'viewer' }))
        .status,
    ).toBe(403);
    const admin2 = await makeMember(owner.id, 'admin');
    const noStores = await request(app)
      .put(`/api/v1/team/members/${admin2.id}`)
      .set(owner.auth)
      .send({ role: 'manager' })
      .expect(400);
    expect(noStores.body.fieldErrors.stores).toEqual(['Choose at least one store for a store manager']);
    await request(app)
      .put(`/api/v1/team/members/${sohoManager.id}`)
      .set(owner.auth)
      .send({ stores: [String(foreign._id)] })
      .expect(404);
    await request(app)
      .put(`/api/v1/team/members/${other.id}`)
      .set(owner.auth)
      .send({ role: 'viewer' })
      .expect(404);
    // Store managers do not manage members.
    await request(app)
      .put(`/api/v1/team/members/${admin2.id}`)
      .set(sohoManager.auth)
      .send({ role: 'viewer', stores: [String(soho._id)] })
      .expect(403);
    expect((await MembershipModel.findOne({ user: owner.id }).lean())!.role).toBe('owner');
  });
});

describe('DELETE /team/members/:userId', () => {
  it('removes a member (their next call answers 403 NO_BUSINESS) but never the owner', async () => {
    const { owner, soho, admin, sohoManager } = await chain();
    await request(app)
      .get(`/api/v1/store/${String(soho._id)}`)
      .set(sohoManager.auth)
      .expect(200);
    await request(app).delete(`/api/v1/team/members/${sohoManager.id}`).set(admin.auth).expect(200);
    const next = await request(app)
      .get(`/api/v1/store/${String(soho._id)}`)
      .set(sohoManager.auth)
      .expect(403);
    expect(next.body.code).toBe('NO_BUSINESS');
    const owners = await request(app).delete(`/api/v1/team/members/${owner.id}`).set(admin.auth).expect(403);
    expect(owners.body.message).toBe('The owner cannot be removed: transfer ownership first');
    const entry = await AuditModel.findOne({ action: 'member.remove' }).lean();
    expect(entry!.summary).toBe('Removed Sally Soho (Store manager of Soho)');
  });
});

describe('POST /team/transfer-ownership', () => {
  it('needs the password; the target becomes owner and the old owner an admin', async () => {
    const { owner, sohoManager, admin } = await chain();
    const wrong = await request(app)
      .post('/api/v1/team/transfer-ownership')
      .set(owner.auth)
      .send({ userId: sohoManager.id, password: 'not-it' })
      .expect(400);
    expect(wrong.body.fieldErrors.password).toEqual(['The password is not correct']);
    expect((await MembershipModel.findOne({ user: owner.id }).lean())!.role).toBe('owner');
    // Admins cannot transfer.
    await request(app)
      .post('/api/v1/team/transfer-ownership')
      .set(admin.auth)
      .send({ userId: admin.id, password: 'Passw0rd!' })
      .expect(403);
    await request(app)
      .post('/api/v1/team/transfer-ownership')
      .set(owner.auth)
      .send({ userId: sohoManager.id, password: owner.password })
      .expect(200);
    const roles = await MembershipModel.find({
      business: owner.id,
      user: { $in: [owner.id, sohoManager.id] },
    }).lean();
    const byUser = Object.fromEntries(roles.map((m) => [String(m.user), [m.role, m.allStores]]));
    expect(byUser).toEqual({ [owner.id]: ['admin', true], [sohoManager.id]: ['owner', true] });
    expect(await MembershipModel.countDocuments({ business: owner.id, role: 'owner' })).toBe(1);
    // The old owner lost billing; the new one has it.
    await request(app).get('/api/v1/plans/subscription').set(owner.auth).expect(403);
    await request(app).get('/api/v1/plans/subscription').set(sohoManager.auth).expect(200);
    const entry = await AuditModel.findOne({ kind: 'ownership' }).lean();
    expect(entry!.summary).toBe('Transferred ownership to Sally Soho; Olivia Owner is now an Admin');
  });
});
