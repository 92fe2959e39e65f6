// The tracked-visit allowance: one visit per device per store per day counts; a flood from one network is not charged.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { VISIT_RULES, resetVisitAllowanceCache } from '../../src/modules/feedback/visit-allowance';
import { visitUsageOf } from '../../src/modules/plans/visit-usage';
import { makeMember } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody } from './support';

setupTestDb();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  resetVisitAllowanceCache();
});

const visit = (store: { _id: unknown }, ip: string, deviceId: string | undefined) =>
  postFrom(app, '/feedback/visits', submitBody(store as never, { deviceId }), ip);
const bell = (auth: Record<string, string>) =>
  request(app).get('/api/v1/notifications').set(auth).expect(200);

describe('POST /api/v1/feedback/visits, visit flood vs cap', () => {
  it('stops counting a flood from one network, tells the owner and admins once, and still counts honest phones', async () => {
    const shop = await makeShop({ name: 'Harbour' });
    const admin = await makeMember(shop.business.id, 'admin');
    const manager = await makeMember(shop.business.id, 'manager', [shop.store._id]);
    // Four in five carry a fresh device id: enough of them to pass the network's daily share.
    const flood = Math.ceil((VISIT_RULES.networkPerStoreDay * 1.25 + 20) / 10) * 10;
    for (let i = 0; i < flood; i += 10) {
      // rotated device ids, and every fifth without one
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          visit(shop.store, '198.51.100.70', (i + j) % 5 ? newDeviceId() : undefined).expect(201),
        ),
      );
    }
    const usage = await visitUsageOf(shop.store.business);
    expect(usage.used).toBeLessThanOrEqual(VISIT_RULES.networkPerStoreDay);
    const untracked = await FeedbackEventModel.find({ type: 'visit', tracked: false }).lean();
    expect(untracked.length).toBe(flood - usage.used);
    expect(untracked.some((e) => e.untracked === 'network')).toBe(true);

    for (const who of [shop.business, admin]) {
      const list = (await bell(who.auth)).body;
      const notices = JSON.stringify(list).match(/Unusual traffic at/g) ?? [];
      expect(notices).toHaveLength(1);
      expect(JSON.stringify(list)).toContain(
        `more than <strong>${VISIT_RULES.networkPerStoreDay} visits</strong>`,
      );
    }
    expect(JSON.stringify((await bell(manager.auth)).body)).not.toContain('Unusual traffic');

    // honest phones on their own networks still count, once each per day
    for (const ip of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      const res = await visit(shop.store, ip, newDeviceId()).expect(201);
      expect(res.body.tracked).toBe(true);
    }
    const phone = newDeviceId();
    expect((await visit(shop.store, '203.0.113.24', phone).expect(201)).body.tracked).toBe(true);
    expect((await visit(shop.store, '203.0.113.24', phone).expect(201)).body.tracked).toBe(false);
    resetVisitAllowanceCache();
    expect((await visitUsageOf(shop.store.business)).used).toBe(usage.used + 4);
  });
});
