// Notifications per member: own rules and bell, alerts only for their stores, nothing after removal, scoped pushes.
import request from 'supertest';
import { createApp } from '../../src/app';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { membersCovering } from '../../src/modules/notifications/recipients';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { makeMember, makeStaff, makeStore } from '../factories';
import { makeShop, type Shop } from '../feedback/support';
import { setupTestDb } from '../helpers/db';
import { accept } from './support';

setupTestDb();
const app = createApp();

async function chain() {
  const soho = await makeShop({ name: 'Soho' });
  const camden = await makeStore(soho.business.id, { name: 'Camden' });
  const camdenStaff = await makeStaff(soho.business.id, [camden._id], { name: 'Carl' });
  const camdenShop: Shop = { ...soho, store: camden, alice: camdenStaff, bob: camdenStaff };
  const manager = await makeMember(soho.business.id, 'manager', [soho.store._id]);
  const admin = await makeMember(soho.business.id, 'admin');
  return { soho, camdenShop, manager, admin, owner: soho.business };
}

const bell = (auth: { Authorization: string }) => request(app).get('/api/v1/notifications').set(auth);

describe('notifications per member', () => {
  it('each member gets alerts for their own stores only, with their own unread state', async () => {
    const { soho, camdenShop, manager, owner } = await chain();
    // Default rules are made per member on first read; the manager's have no plan-allowance rule.
    const rules = await request(app).get('/api/v1/notifications/rules').set(manager.auth);
    expect(rules.status).toBe(200);
    expect(rules.body.data.map((r: { type: string }) => r.type)).toEqual(['low-rating', 'low-share-window']);
    await request(app).get('/api/v1/notifications/rules').set(owner.auth).expect(200);

    await accept(camdenShop, { score: 1, comment: 'cold at camden' });
    await accept(soho, { score: 1, minutes: 1, comment: 'cold at soho' });

    const ownerBell = await bell(owner.auth);
    const managerBell = await bell(manager.auth);
    const ownerText = ownerBell.body.data.map((n: { message: string }) => n.message).join(' ');
    expect(ownerText).toContain('Camden');
    expect(ownerText).toContain('Soho');
    expect(ownerBell.body.total).toBe(2);
    expect(managerBell.body.total).toBe(1);
    expect(managerBell.body.data[0].message).toContain('Soho');
    expect(managerBell.body.data[0].message).not.toContain('Camden');

    await request(app).put('/api/v1/notifications/mark-read').set(manager.auth).expect(200);
    expect((await bell(manager.auth)).body.unread).toBe(0);
    expect((await bell(owner.auth)).body.unread).toBe(2);
  });

  it('a removed member, or one no longer covering the store, gets nothing', async () => {
    const { soho, manager } = await chain();
    await request(app).get('/api/v1/notifications/rules').set(manager.auth).expect(200);
    await MembershipModel.updateOne({ user: manager.id }, { $set: { stores: [] } });
    await accept(soho, { score: 1 });
    await MembershipModel.deleteOne({ user: manager.id });
    await accept(soho, { score: 1, minutes: 1 });
    expect(await NotificationModel.countDocuments({ user: manager.user._id })).toBe(0);
  });

  it('records from before teams belong to the owner, and a manager cannot use other stores in rules', async () => {
    const { soho, camdenShop, manager, owner } = await chain();
    await NotificationModel.create({ business: owner.id, type: 'low-rating', message: 'old', text: 'old' });
    const ownerBell = await bell(owner.auth);
    expect(ownerBell.body.data.map((n: { message: string }) => n.message)).toEqual(['old']);
    expect((await bell(manager.auth)).body.total).toBe(0);

    const rule = (stores: string[], type = 'low-rating') =>
      request(app)
        .post('/api/v1/notifications/rules')
        .set(manager.auth)
        .send({ type, maxScore: 2, kinds: ['staff'], stores });
    expect((await rule([String(camdenShop.store._id)])).status).toBe(404);
    expect((await rule([], 'visit-allowance')).status).toBe(403);
    const made = await rule([String(soho.store._id)]);
    expect(made.status).toBe(201);
    expect(await RuleModel.findById(made.body.rule._id).lean()).toMatchObject({ user: manager.user._id });
    // Another member's rule is not theirs to change.
    const ownerRule = await RuleModel.findOne({ business: owner.id, user: owner.user._id }).lean();
    expect(
      (await request(app).delete(`/api/v1/notifications/rules/${ownerRule!._id}`).set(manager.auth)).status,
    ).toBe(404);
    const audit = await AuditModel.find({ business: owner.id, kind: 'notification-rule' }).lean();
    expect(audit.map((e) => e.summary)).toEqual(['Added a low rating alert for Soho']);
  });

  it('realtime rating pushes go to the members covering the store', async () => {
    const { soho, camdenShop, manager, admin, owner } = await chain();
    const viewerAll = await makeMember(owner.id, 'viewer');
    const at = (store: Shop['store']) => membersCovering(owner.id, store._id).then((ids) => ids.sort());
    expect(await at(soho.store)).toEqual([owner.id, manager.id, admin.id, viewerAll.id].sort());
    expect(await at(camdenShop.store)).toEqual([owner.id, admin.id, viewerAll.id].sort());
  });
});
