// Invitations: mailed single-use link, preview, sign-up from the link, accept as an existing user, expiry, resend, revoke.
import request from 'supertest';
import { INVITATION_TTL_DAYS } from '@cx/contracts';
import { InvitationModel } from '../../src/modules/team/invitation.model';
import { UserModel } from '../../src/modules/users/user.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makeStore, makeUser } from '../factories';
import { settleMail } from '../helpers/mailbox';
import { inviteAndRead, inviteTokenFrom, newEmail, setupTeamApp } from './support';

const { app, mailbox } = setupTeamApp();
const INVALID = 'This invitation link is no longer valid';

describe('invite → mail → preview → sign up from the link', () => {
  it('makes a new person a store manager of one store only, verified, with no business of their own', async () => {
    const owner = await makeUser({ fullname: 'Olivia Owner' });
    const soho = await makeStore(owner.id, { name: 'Soho' });
    const camden = await makeStore(owner.id, { name: 'Camden' });
    const email = newEmail();

    const res = await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: email.toUpperCase(), role: 'manager', stores: [String(soho._id)] })
      .expect(201);
    expect(res.body.invitation).toMatchObject({
      email,
      role: 'manager',
      stores: [String(soho._id)],
      invitedBy: 'Olivia Owner',
    });
    const expires = new Date(res.body.invitation.expiresAt).getTime();
    expect(Math.abs(expires - Date.now() - INVITATION_TTL_DAYS * 86400000)).toBeLessThan(60000);

    const mail = await mailbox.waitFor(email);
    expect(mail.subject).toContain('Olivia Owner invited you');
    expect(mail.text).toContain('Store manager of Soho');
    const token = inviteTokenFrom(mail);
    expect(mail.text).toContain(`/accept-invitation?token=${token}`);
    // Only the hash is stored.
    const stored = await InvitationModel.findOne({ email }).select('+tokenHash').lean();
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await request(app).get('/api/v1/team/invitations/preview').query({ token }).expect(200);
    expect(preview.body).toEqual({
      businessName: "Olivia Owner's business",
      email,
      role: 'manager',
      invitedBy: 'Olivia Owner',
      hasAccount: false,
    });

    const signup = await request(app)
      .post('/api/v1/team/invitations/signup')
      .send({ token, fullname: 'Sam Manager', password: 'CorrectHorse1' })
      .expect(201);
    expect(signup.body.user).toMatchObject({
      email,
      role: 'manager',
      stores: [String(soho._id)],
      emailVerified: true,
    });
    expect(signup.body.user.business._id).toBe(owner.id);
    const newId = signup.body.user._id as string;
    expect(await BusinessModel.exists({ _id: newId })).toBeNull();
    expect(await MembershipModel.countDocuments({ user: newId })).toBe(1);

    const auth = { Authorization: `Bearer ${signup.body.token}` };
    await request(app)
      .get(`/api/v1/store/${String(soho._id)}`)
      .set(auth)
      .expect(200);
    await request(app)
      .get(`/api/v1/store/${String(camden._id)}`)
      .set(auth)
      .expect(404);
    // A store manager cannot open billing.
    const billing = await request(app).get('/api/v1/plans/subscription').set(auth).expect(403);
    expect(billing.body.message).toBe('Only the owner can manage the subscription');
    // The login works without a second verification mail.
    await request(app).post('/api/v1/user/login').send({ email, password: 'CorrectHorse1' }).expect(200);

    // Single use: the link is dead now.
    const again = await request(app).get('/api/v1/team/invitations/preview').query({ token }).expect(404);
    expect(again.body.message).toBe(INVALID);
    await request(app)
      .post('/api/v1/team/invitations/signup')
      .send({ token, fullname: 'Twice', password: 'CorrectHorse1' })
      .expect(404);

    const kinds = (await AuditModel.find({ business: owner.id }).sort({ _id: 1 }).lean()).map((e) => [
      e.action,
      e.summary,
    ]);
    expect(kinds).toEqual([
      ['invitation.create', `Invited ${email} as Store manager of Soho`],
      ['invitation.accept', `${email} accepted the invitation and joined as Store manager of Soho`],
    ]);
  });

  it('sends a person whose address already has an account to log in (409), and escapes names in the mail', async () => {
    const owner = await makeUser({ fullname: '<b>Eve</b> & Co' });
    const existing = await makeUser();
    const { token } = await inviteAndRead(app, mailbox, owner.auth, {
      email: existing.user.email,
      role: 'viewer',
    });
    const mail = mailbox.mails.find((m) => m.to.includes(existing.user.email))!;
    expect(mail.text).toContain('<h2>Join &#60;b&#62;Eve&#60;/b&#62; &#38; Co&#39;s business</h2>');
    expect(mail.text).not.toContain('<p><b>Eve</b>');
    const preview = await request(app).get('/api/v1/team/invitations/preview').query({ token }).expect(200);
    expect(preview.body.hasAccount).toBe(true);
    const res = await request(app)
      .post('/api/v1/team/invitations/signup')
      .send({ token, fullname: 'X', password: 'CorrectHorse1' })
      .expect(409);
    expect(res.body.message).toMatch(/Log in/);
  });
});

describe('an existing user accepts', () => {
  it('refuses another account (403), then joins once as the invited address and switches to the business', async () => {
    const owner = await makeUser();
    const invitee = await makeUser({ fullname: 'Ivy Invitee' });
    const stranger = await makeUser();
    const { token } = await inviteAndRead(app, mailbox, owner.auth, {
      email: invitee.user.email,
      role: 'admin',
    });

    const wrong = await request(app)
      .post('/api/v1/team/invitations/accept')
      .set(stranger.auth)
      .send({ token })
      .expect(403);
    expect(wrong.body.message).toBe(
      `This invitation was sent to ${invitee.user.email}. Log in with that address to accept it.`,
    );

    const ok = await request(app)
      .post('/api/v1/team/invitations/accept')
      .set(invitee.auth)
      .send({ token })
      .expect(200);
    expect(ok.body.user).toMatchObject({ role: 'admin', stores: null, business: { _id: owner.id } });
    expect(ok.body.user.businesses.map((b: { role: string }) => b.role).sort()).toEqual(['admin', 'owner']);
    const user = await UserModel.findById(invitee.id).lean();
    expect(String(user!.currentBusiness)).toBe(owner.id);

    const twice = await request(app)
      .post('/api/v1/team/invitations/accept')
      .set(invitee.auth)
      .send({ token })
      .expect(404);
    expect(twice.body.message).toBe(INVALID);
    expect(await MembershipModel.countDocuments({ business: owner.id, user: invitee.id })).toBe(1);
  });

  it('expires after 7 days', async () => {
    const owner = await makeUser();
    const invitee = await makeUser();
    const { token } = await inviteAndRead(app, mailbox, owner.auth, {
      email: invitee.user.email,
      role: 'viewer',
    });
    await InvitationModel.updateOne(
      { email: invitee.user.email },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const res = await request(app)
      .post('/api/v1/team/invitations/accept')
      .set(invitee.auth)
      .send({ token })
      .expect(404);
    expect(res.body.message).toBe(INVALID);
    expect(await MembershipModel.exists({ business: owner.id, user: invitee.id })).toBeNull();
    // It is no longer listed as pending.
    const list = await request(app).get('/api/v1/team/members').set(owner.auth).expect(200);
    expect(list.body.invitations).toEqual([]);
  });
});

describe('resend and revoke', () => {
  it('resend mails a new link, the old one dies, and the 7 days restart', async () => {
    const owner = await makeUser();
    const email = newEmail();
    const first = await inviteAndRead(app, mailbox, owner.auth, { email, role: 'viewer' });
    await InvitationModel.updateOne(
      { _id: first.invitationId },
      { $set: { expiresAt: new Date(Date.now() + 3600000) } },
    );
    mailbox.clear();
    const res = await request(app)
      .post(`/api/v1/team/invitations/${first.invitationId}/resend`)
      .set(owner.auth)
      .expect(200);
    expect(new Date(res.body.invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86400000);
    const second = inviteTokenFrom(await mailbox.waitFor(email));
    expect(second).not.toBe(first.token);
    await request(app).get('/api/v1/team/invitations/preview').query({ token: first.token }).expect(404);
    await request(app).get('/api/v1/team/invitations/preview').query({ token: second }).expect(200);
  });

  it('revoke kills the link and drops it from the list; re-inviting replaces the older link', async () => {
    const owner = await makeUser();
    const email = newEmail();
    const first = await inviteAndRead(app, mailbox, owner.auth, { email, role: 'viewer' });
    const second = await inviteAndRead(app, mailbox, owner.auth, { email, role: 'admin' });
    await request(app).get('/api/v1/team/invitations/preview').query({ token: first.token }).expect(404);
    let list = await request(app).get('/api/v1/team/members').set(owner.auth).expect(200);
    expect(list.body.invitations).toHaveLength(1);
    expect(list.body.invitations[0]).toMatchObject({ email, role: 'admin', stores: null });

    await request(app).delete(`/api/v1/team/invitations/${second.invitationId}`).set(owner.auth).expect(200);
    await request(app).get('/api/v1/team/invitations/preview').query({ token: second.token }).expect(404);
    list = await request(app).get('/api/v1/team/members').set(owner.auth).expect(200);
    expect(list.body.invitations).toEqual([]);
    await request(app).delete(`/api/v1/team/invitations/${second.invitationId}`).set(owner.auth).expect(404);
    const actions = (await AuditModel.find({ business: owner.id }).lean()).map((e) => e.action);
    expect(actions).toEqual(['invitation.create', 'invitation.create', 'invitation.revoke']);
  });
});

describe('who may invite whom', () => {
  it('a store manager invites viewers to their own stores only', async () => {
    const owner = await makeUser();
    const soho = await makeStore(owner.id, { name: 'Soho' });
    const camden = await makeStore(owner.id, { name: 'Camden' });
    const manager = await makeMember(owner.id, 'manager', [soho._id]);
    const viewer = await makeMember(owner.id, 'viewer', [soho._id]);

    for (const role of ['admin', 'manager']) {
      const res = await request(app)
        .post('/api/v1/team/invitations')
        .set(manager.auth)
        .send({ email: newEmail(), role, stores: [String(soho._id)] })
        .expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    await request(app)
      .post('/api/v1/team/invitations')
      .set(manager.auth)
      .send({ email: newEmail(), role: 'viewer', stores: [String(camden._id)] })
      .expect(404);
    // No stores chosen: the manager's own stores, never all of them.
    const own = await request(app)
      .post('/api/v1/team/invitations')
      .set(manager.auth)
      .send({ email: newEmail(), role: 'viewer', stores: [] })
      .expect(201);
    expect(own.body.invitation.stores).toEqual([String(soho._id)]);
    // Nor resend or revoke a manager's invitation to their store; their own viewer invitation they may.
    const owners = await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: newEmail(), role: 'manager', stores: [String(soho._id)] })
      .expect(201);
    await request(app)
      .delete(`/api/v1/team/invitations/${owners.body.invitation._id}`)
      .set(manager.auth)
      .expect(403);
    // Nor replace it by inviting the same address as a viewer.
    const replace = await request(app)
      .post('/api/v1/team/invitations')
      .set(manager.auth)
      .send({ email: owners.body.invitation.email, role: 'viewer', stores: [String(soho._id)] })
      .expect(409);
    expect(replace.body.code).toBe('ALREADY_INVITED');
    await request(app)
      .post(`/api/v1/team/invitations/${own.body.invitation._id}/resend`)
      .set(manager.auth)
      .expect(200);
    await request(app)
      .delete(`/api/v1/team/invitations/${own.body.invitation._id}`)
      .set(manager.auth)
      .expect(200);
    // A viewer may not invite at all.
    await request(app)
      .post('/api/v1/team/invitations')
      .set(viewer.auth)
      .send({ email: newEmail(), role: 'viewer' })
      .expect(403);
    await settleMail();
  });

  it('refuses deleted or foreign stores (404), an existing member (409) and bad input (400 per field)', async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const gone = await makeStore(owner.id, { deletedAt: new Date() });
    const foreign = await makeStore(other.id);
    const admin = await makeMember(owner.id, 'admin');
    for (const store of [gone, foreign]) {
      await request(app)
        .post('/api/v1/team/invitations')
        .set(owner.auth)
        .send({ email: newEmail(), role: 'viewer', stores: [String(store._id)] })
        .expect(404);
    }
    const dup = await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: admin.user.email, role: 'viewer' })
      .expect(409);
    expect(dup.body.code).toBe('ALREADY_MEMBER');
    const bad = await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: 'nope', role: 'manager', stores: [] })
      .expect(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['email', 'stores']);
  });
});
