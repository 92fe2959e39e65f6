// What a member made for the business (board links, scorecard links, invitations) when they are removed or lose a
// store: listed for the owner/admin, switched off by default (audited), or kept in the remover's name and still working.
import request from 'supertest';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { createBoard, publicBoard } from '../boards/support';
import { inviteAndRead, newEmail, setupTeamApp } from './support';

const { app, mailbox } = setupTeamApp();

/** An owner, two stores, and a store manager of both who made a board, a scorecard link and an invitation in each. */
async function managerWithLinks() {
  const owner = await makeUser({ fullname: 'Olga Owner' });
  const soho = await makeStore(owner.id, { name: 'Soho' });
  const camden = await makeStore(owner.id, { name: 'Camden' });
  const ana = await makeStaff(owner.id, [soho._id], { name: 'Ana Alvarez' });
  const manager = await makeMember(owner.id, 'manager', [soho._id, camden._id], { fullname: 'Max Manager' });
  const sohoBoard = await createBoard(app, manager, soho);
  const camdenBoard = await createBoard(app, manager, camden);
  const share = await request(app).post(`/api/v1/scorecards/${ana._id}/share`).set(manager.auth).send({});
  expect(share.status).toBe(201);
  const invited = newEmail('vera');
  const invitation = await inviteAndRead(app, mailbox, manager.auth, {
    email: invited,
    role: 'viewer',
    stores: [String(camden._id)],
  });
  return {
    owner,
    soho,
    camden,
    manager,
    sohoBoard,
    camdenBoard,
    share: { id: share.body._id as string, token: (share.body.url as string).split('/scorecard/')[1]! },
    invitation: { ...invitation, email: invited },
  };
}

type World = Awaited<ReturnType<typeof managerWithLinks>>;

const linksOf = (who: MadeUser, userId: string, query: Record<string, string> = {}) =>
  request(app).get(`/api/v1/team/members/${userId}/links`).query(query).set(who.auth);
const openShare = (token: string) => request(app).get(`/api/v1/scorecards/public/${token}`);
const previewInvitation = (token: string) =>
  request(app).get('/api/v1/team/invitations/preview').query({ token });
const signUp = (token: string) =>
  request(app)
    .post('/api/v1/team/invitations/signup')
    .send({ token, fullname: 'Vera Viewer', password: 'Passw0rd!long' });
const auditOf = (business: string, action: string) => AuditModel.find({ business, action }).lean();

async function expectAllWorking(w: World) {
  await publicBoard(app, w.sohoBoard.token).expect(200);
  await publicBoard(app, w.camdenBoard.token).expect(200);
  await openShare(w.share.token).expect(200);
  await previewInvitation(w.invitation.token).expect(200);
}

describe('GET /api/v1/team/members/:userId/links', () => {
  it('lists what the member made that their removal leaves behind', async () => {
    const w = await managerWithLinks();
    const res = await linksOf(w.owner, w.manager.id).expect(200);
    const labels = (res.body.links as Array<{ kind: string; label: string }>).map((l) => [l.kind, l.label]);
    expect(labels).toEqual(
      expect.arrayContaining([
        ['board', 'Breakroom board of Soho'],
        ['board', 'Breakroom board of Camden'],
        ['share', 'Scorecard link of Ana Alvarez'],
        ['invitation', `Invitation to ${w.invitation.email} (Viewer of Camden)`],
      ]),
    );
    expect(labels).toHaveLength(4);
    // no token or hash goes on the wire
    expect(JSON.stringify(res.body)).not.toMatch(/token|hash/i);
  });

  it('lists, for a change of stores, only what lies in the stores the member loses', async () => {
    const w = await managerWithLinks();
    const res = await linksOf(w.owner, w.manager.id, { role: 'manager', stores: String(w.soho._id) }).expect(
      200,
    );
    expect((res.body.links as Array<{ label: string }>).map((l) => l.label).sort()).toEqual([
      'Breakroom board of Camden',
      `Invitation to ${w.invitation.email} (Viewer of Camden)`,
      // made while they covered both stores, the card shows Camden's ratings too
      'Scorecard link of Ana Alvarez',
    ]);
    // the same stores again lose nothing
    const same = await linksOf(w.owner, w.manager.id, {
      role: 'manager',
      stores: `${w.soho._id},${w.camden._id}`,
    }).expect(200);
    expect(same.body.links).toEqual([]);
  });

  it('is for owners and admins only, of their own business, and checks the asked stores', async () => {
    const w = await managerWithLinks();
    const admin = await makeMember(w.owner.id, 'admin');
    await linksOf(admin, w.manager.id).expect(200);
    const refused = await linksOf(w.manager, w.owner.id).expect(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const stranger = await makeUser();
    await linksOf(stranger, w.manager.id).expect(404);
    const bad = await linksOf(w.owner, w.manager.id, { role: 'manager', stores: 'nope' }).expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['stores.0']);
    const owners = await linksOf(admin, w.owner.id).expect(403);
    expect(owners.body.message).toBe('The owner cannot be removed: transfer ownership first');
  });
});

describe('DELETE /api/v1/team/members/:userId (what the member made)', () => {
  it('switches off their board and scorecard links and refuses their invitation by default, in the audit log', async () => {
    const w = await managerWithLinks();
    await expectAllWorking(w);
    await request(app).delete(`/api/v1/team/members/${w.manager.id}`).set(w.owner.auth).expect(200);

    await publicBoard(app, w.sohoBoard.token).expect(404);
    await publicBoard(app, w.camdenBoard.token).expect(404);
    await openShare(w.share.token).expect(404);
    const preview = await previewInvitation(w.invitation.token).expect(404);
    expect(preview.body.message).toBe('This invitation link is no longer valid');
    await signUp(w.invitation.token).expect(404);

    const [entry, ...more] = await auditOf(w.owner.id, 'member.links.switch-off');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ kind: 'member', actorName: 'Olga Owner' });
    expect(entry!.summary).toMatch(/^Switched off what Max Manager made: /);
    for (const part of [
      'Breakroom board of Soho',
      'Breakroom board of Camden',
      'Scorecard link of Ana Alvarez',
    ])
      expect(entry!.summary).toContain(part);
    expect(entry!.summary).toContain(`Invitation to ${w.invitation.email}`);
    expect(await auditOf(w.owner.id, 'member.links.keep')).toHaveLength(0);
  });

  it('keeps the chosen links working in the remover’s name and switches off the rest', async () => {
    const w = await managerWithLinks();
    const listed = (await linksOf(w.owner, w.manager.id).expect(200)).body.links as Array<{
      _id: string;
      label: string;
    }>;
    const keep = listed.filter((l) => l.label !== 'Breakroom board of Camden').map((l) => l._id);
    await request(app)
      .delete(`/api/v1/team/members/${w.manager.id}`)
      .set(w.owner.auth)
      .send({ keep })
      .expect(200);

    await publicBoard(app, w.sohoBoard.token).expect(200);
    await publicBoard(app, w.camdenBoard.token).expect(404);
    await openShare(w.share.token).expect(200);
    await previewInvitation(w.invitation.token).expect(200);

    // they are the owner's now: the lists say so, and the owner can still switch them off
    const boards = await request(app).get('/api/v1/boards').set(w.owner.auth).expect(200);
    expect(boards.body.boards).toEqual([
      expect.objectContaining({
        store: expect.objectContaining({ name: 'Soho' }),
        createdBy: { name: 'Olga Owner' },
      }),
    ]);
    const team = await request(app).get('/api/v1/team/members').set(w.owner.auth).expect(200);
    expect(team.body.invitations[0]).toMatchObject({ email: w.invitation.email, invitedBy: 'Olga Owner' });
    const [kept] = await auditOf(w.owner.id, 'member.links.keep');
    expect(kept!.summary).toMatch(/^Kept what Max Manager made, now in Olga Owner's name: /);
    expect(kept!.summary).toContain('Breakroom board of Soho');
    const [off] = await auditOf(w.owner.id, 'member.links.switch-off');
    expect(off!.summary).toBe('Switched off what Max Manager made: Breakroom board of Camden');
    // the kept invitation still lets the invited person join
    await signUp(w.invitation.token).expect(201);
  });

  it('answers 400 for a keep list that is not ids, and changes nothing', async () => {
    const w = await managerWithLinks();
    const res = await request(app)
      .delete(`/api/v1/team/members/${w.manager.id}`)
      .set(w.owner.auth)
      .send({ keep: ['x'] })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['keep.0']);
    await expectAllWorking(w);
  });
});

describe('PUT /api/v1/team/members/:userId (a store lost)', () => {
  it("switches off what lies in the lost store by default and leaves the kept stores' links working", async () => {
    const w = await managerWithLinks();
    await request(app)
      .put(`/api/v1/team/members/${w.manager.id}`)
      .set(w.owner.auth)
      .send({ stores: [String(w.soho._id)] })
      .expect(200);
    await publicBoard(app, w.camdenBoard.token).expect(404);
    await previewInvitation(w.invitation.token).expect(404);
    // the scorecard link covered Camden as well
    await openShare(w.share.token).expect(404);
    await publicBoard(app, w.sohoBoard.token).expect(200);
    const [entry] = await auditOf(w.owner.id, 'member.links.switch-off');
    expect(entry!.summary).toContain('Breakroom board of Camden');
    expect(entry!.summary).not.toContain('Soho');
  });

  it('keeps a lost store’s link when asked, in the remover’s name', async () => {
    const w = await managerWithLinks();
    await request(app)
      .put(`/api/v1/team/members/${w.manager.id}`)
      .set(w.owner.auth)
      .send({ stores: [String(w.soho._id)], keep: [w.camdenBoard.id] })
      .expect(200);
    await publicBoard(app, w.camdenBoard.token).expect(200);
    await previewInvitation(w.invitation.token).expect(404);
    const boards = await request(app).get('/api/v1/boards').set(w.owner.auth).expect(200);
    const camden = (boards.body.boards as Array<{ store: { name: string }; createdBy: unknown }>).find(
      (b) => b.store.name === 'Camden',
    );
    expect(camden?.createdBy).toEqual({ name: 'Olga Owner' });
  });
});
