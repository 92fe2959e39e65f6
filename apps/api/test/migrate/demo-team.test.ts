// The demo chain's team: an Admin, two Store managers and a District manager who can sign in, each with their scope.
import request from 'supertest';
import { createApp } from '../../src/app';
import { StoreModel } from '../../src/modules/stores/store.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { DEMO_LOGIN, DEMO_TEAM } from '../../src/seed/demo-data';
import { demoLogins, seedDemo } from '../../src/seed/seed';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();
// Seeds a whole business (pictures, a 16-week rota, ratings, rollups): slow on a busy 2-core machine.
jest.setTimeout(180_000);

describe('demo seed: the team', () => {
  it('gives Northwind Coffee an Admin, Store managers for Covent Garden and SoHo and a London District manager, all able to sign in', async () => {
    await seedDemo(new Date('2025-03-26T12:00:00Z'), 30);
    const storeId = async (name: string) => String((await StoreModel.findOne({ name }).lean())!._id);
    const expected = {
      'admin@cxjourney.app': { role: 'admin', stores: null },
      'covent-garden@cxjourney.app': { role: 'manager', stores: [await storeId('Covent Garden')] },
      'soho@cxjourney.app': { role: 'manager', stores: [await storeId('SoHo New York')] },
      // London's stores through the district (today Covent Garden), not a store grant.
      'london@cxjourney.app': { role: 'manager', stores: [await storeId('Covent Garden')] },
    } as const;
    expect(DEMO_TEAM.map((m) => m.email).sort()).toEqual(Object.keys(expected).sort());
    for (const [email, want] of Object.entries(expected)) {
      const res = await request(app)
        .post('/api/v1/user/login')
        .send({ email, password: DEMO_LOGIN.password })
        .expect(200);
      expect(res.body.user).toMatchObject({
        ...want,
        emailVerified: true,
        business: { name: 'Northwind Coffee' },
      });
    }
    const owner = await request(app)
      .post('/api/v1/user/login')
      .send({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password })
      .expect(200);
    expect(owner.body.user).toMatchObject({ role: 'owner', stores: null });
    // Printed with the owner's login when the seed runs.
    const printed = demoLogins().join('\n');
    for (const email of [DEMO_LOGIN.email, ...Object.keys(expected)]) expect(printed).toContain(email);
    expect(printed).toContain('District manager (London): london@cxjourney.app');
    const district = await MembershipModel.findOne({ role: 'manager', 'areas.0': { $exists: true } }).lean();
    expect([district?.allStores, district?.stores, district?.areas.length]).toEqual([false, [], 1]);
  });
});
