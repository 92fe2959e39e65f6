// /api/v1/onboarding: the first-run step and the setup checklist ticking from real records, for Owner/Admin only.
import request from 'supertest';
import { ONBOARDING_MESSAGES, ZOnboardingSchema, type TOnboarding } from '@cx/contracts';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { startOnboarding } from '../../src/modules/onboarding/onboarding.state';
import { AuditModel } from '../../src/tenancy/audit.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makeMember, makeShift, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { postFrom, submitBody } from '../feedback/support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

/** An owner whose business was founded by sign-up (the only kind that gets the first run and checklist). */
async function newOwner(): Promise<MadeUser> {
  const owner = await makeUser({ subscriptionStatus: 'trialing' });
  await startOnboarding(owner.user._id, new Date());
  return owner;
}

async function read(who: MadeUser): Promise<TOnboarding> {
  const res = await request(app).get('/api/v1/onboarding').set(who.auth).expect(200);
  return ZOnboardingSchema.parse(res.body);
}
const done = (o: TOnboarding) => Object.fromEntries(o.items.map((i) => [i.key, i.done]));
const firstRun = (who: MadeUser, body: object) =>
  request(app).put('/api/v1/onboarding/first-run').set(who.auth).send(body);

describe('GET /api/v1/onboarding', () => {
  it('asks a new business for its first run and shows every item unticked', async () => {
    const owner = await newOwner();
    const state = await read(owner);
    expect(state.firstRunPending).toBe(true);
    expect(state.showChecklist).toBe(true);
    expect(state.items.map((i) => i.key)).toEqual(['stores', 'staff', 'rota', 'posters', 'phone-test', 'invite']);
    expect(Object.values(done(state))).toEqual([false, false, false, false, false, false]);
  });

  it('shows no first run or checklist to a business that did not start with sign-up', async () => {
    const owner = await makeUser();
    const state = await read(owner);
    expect(state.firstRunPending).toBe(false);
    expect(state.showChecklist).toBe(false);
  });

  it('ticks each item from the records: stores, staff, rota, a poster download, a rating and an invitation', async () => {
    const owner = await newOwner();
    const store = await makeStore(owner.id);
    const staff = await makeStaff(owner.id, [store._id]);
    expect(done(await read(owner))).toMatchObject({ stores: true, staff: true, rota: false, posters: false });
    await makeShift(owner.id, store, staff, new Date(), new Date(Date.now() + 3_600_000));
    await request(app).get(`/api/v1/store/${String(store._id)}/poster.pdf`).set(owner.auth).expect(200);
    await postFrom(app, '/feedback/experience-ratings', submitBody(store, { score: 5 })).expect(201);
    expect(done(await read(owner))).toMatchObject({ rota: true, posters: true, 'phone-test': true, invite: false });
    await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email: 'manager@example.com', role: 'manager', stores: [String(store._id)] })
      .expect(201);
    const after = await read(owner);
    expect(done(after).invite).toBe(true);
    expect(after.showChecklist).toBe(false); // every item done: nothing left to show
  });

  it('un-ticks "add stores" when the last store is deleted', async () => {
    const owner = await newOwner();
    const store = await makeStore(owner.id);
    expect(done(await read(owner)).stores).toBe(true);
    await StoreModel.updateOne({ _id: store._id }, { $set: { deletedAt: new Date() } });
    expect(done(await read(owner)).stores).toBe(false);
  });

  it('refuses store managers and viewers (403) and answers each business its own state', async () => {
    const owner = await newOwner();
    const store = await makeStore(owner.id);
    const manager = await makeMember(owner.id, 'manager', [store._id]);
    const viewer = await makeMember(owner.id, 'viewer', [store._id]);
    await request(app).get('/api/v1/onboarding').set(manager.auth).expect(403);
    await request(app).get('/api/v1/onboarding').set(viewer.auth).expect(403);
    await firstRun(manager, { businessName: 'Mine now', storesPlanned: 2 }).expect(403);
    const admin = await makeMember(owner.id, 'admin');
    expect((await read(admin)).items.find((i) => i.key === 'stores')?.count).toBe(1);
    const stranger = await newOwner();
    expect((await read(stranger)).items.find((i) => i.key === 'stores')?.count).toBe(0);
  });
});

describe('PUT /api/v1/onboarding/first-run', () => {
  it('saves the business name and the number of stores, which sizes the stores item', async () => {
    const owner = await newOwner();
    await makeStore(owner.id);
    const res = await firstRun(owner, { businessName: '  Bean There  ', storesPlanned: 3 }).expect(200);
    const state = ZOnboardingSchema.parse(res.body);
    expect(state.firstRunPending).toBe(false);
    expect(state.businessName).toBe('Bean There');
    expect(state.storesPlanned).toBe(3);
    expect(state.items.find((i) => i.key === 'stores')).toEqual({ key: 'stores', done: false, count: 1 });
    expect((await BusinessModel.findById(owner.id))?.name).toBe('Bean There');
    const me = await request(app).get('/api/v1/user/me').set(owner.auth).expect(200);
    expect(me.body.user.business.name).toBe('Bean There');
    expect(await AuditModel.countDocuments({ business: owner.id, action: 'business.first-run' })).toBe(1);
  });

  it('adds the stores not created yet when asked, named after the business', async () => {
    const owner = await newOwner();
    await makeStore(owner.id, { name: 'Existing' });
    const state = ZOnboardingSchema.parse(
      (await firstRun(owner, { businessName: 'Bean There', storesPlanned: 3, createStores: true }).expect(200)).body,
    );
    expect(state.items.find((i) => i.key === 'stores')).toEqual({ key: 'stores', done: true, count: 3 });
    const names = (await StoreModel.find({ business: owner.id }).lean()).map((s) => s.name).sort();
    expect(names).toEqual(['Bean There 2', 'Bean There 3', 'Existing']);
    expect(state.firstStoreId).not.toBeNull();
    expect(await AuditModel.countDocuments({ business: owner.id, action: 'store.create' })).toBe(2);
  });

  it('names a one-store business’s store after the business', async () => {
    const owner = await newOwner();
    await firstRun(owner, { businessName: 'Corner Café', storesPlanned: 1, createStores: true }).expect(200);
    expect((await StoreModel.find({ business: owner.id }).lean()).map((s) => s.name)).toEqual(['Corner Café']);
  });

  it('answers 400 with per-field messages for a bad name, count or too many new stores', async () => {
    const owner = await newOwner();
    const blank = await firstRun(owner, { businessName: '  ', storesPlanned: 0 }).expect(400);
    expect(blank.body.fieldErrors.businessName).toEqual([ONBOARDING_MESSAGES.businessNameRequired]);
    expect(blank.body.fieldErrors.storesPlanned).toEqual([ONBOARDING_MESSAGES.storesPlanned]);
    const text = await firstRun(owner, { businessName: 'x', storesPlanned: 'ten' }).expect(400);
    expect(text.body.fieldErrors.storesPlanned).toEqual([ONBOARDING_MESSAGES.storesPlanned]);
    const many = await firstRun(owner, { businessName: 'x', storesPlanned: 51, createStores: true }).expect(400);
    expect(many.body.fieldErrors.createStores).toEqual([ONBOARDING_MESSAGES.tooManyNewStores]);
    expect(await StoreModel.countDocuments({ business: owner.id })).toBe(0);
  });
});

describe('PUT /api/v1/onboarding/checklist', () => {
  it('hides the checklist for the whole business until it is asked back, with an audit entry', async () => {
    const owner = await newOwner();
    const admin = await makeMember(owner.id, 'admin');
    await request(app).put('/api/v1/onboarding/checklist').set(owner.auth).send({ dismissed: true }).expect(200);
    const seen = await read(admin);
    expect(seen.dismissed).toBe(true);
    expect(seen.showChecklist).toBe(false);
    await request(app).put('/api/v1/onboarding/checklist').set(admin.auth).send({ dismissed: false }).expect(200);
    expect((await read(owner)).showChecklist).toBe(true);
    expect(await AuditModel.countDocuments({ business: owner.id, action: 'checklist.dismiss' })).toBe(1);
  });

  it('answers 400 for a body without a boolean', async () => {
    const owner = await newOwner();
    const res = await request(app).put('/api/v1/onboarding/checklist').set(owner.auth).send({ dismissed: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.dismissed).toEqual(['dismissed must be true or false']);
  });
});
