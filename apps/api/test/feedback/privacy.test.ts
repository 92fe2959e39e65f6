// Privacy: no raw IP or user agent in any stored document; hashes use a random salt that rotates daily.
import mongoose from 'mongoose';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { DailySaltModel } from '../../src/modules/feedback/daily-salt.model';
import { fingerprint, resetSaltCache } from '../../src/modules/feedback/fingerprint';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, putOnShift, submitBody, minutes } from './support';

setupTestDb();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  resetSaltCache();
});

const IP = '203.0.113.199';
const IPV6 = '2001:db8:85a3::8a2e:370:7334';
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) UniqueBrowser/123.45';
/** A customer submit from this phone (UA) at the given address. */
const postAs = (ip: string, path: string, body: object) => postFrom(app, path, body, ip, UA);

describe('privacy of anonymous feedback', () => {
  it('keeps no raw IP address or user agent in any stored document', async () => {
    const shop = await makeShop();
    const now = Date.now();
    await putOnShift(shop, shop.alice, new Date(now - minutes(10)), new Date(now + minutes(10)));
    // A fresh idempotency key per call: each is a new submit, not a replay.
    const aliceFive = () => submitBody(shop.store, { staff: String(shop.alice._id), score: 5 });
    const phones = [newDeviceId(), newDeviceId()];
    for (const [i, ip] of [IP, IPV6].entries()) {
      // A phone on each network (one phone moving between them would be one device).
      const deviceId = phones[i];
      await postAs(ip, '/feedback/visits', submitBody(shop.store, { deviceId })).expect(201);
      await postAs(ip, '/feedback/staff-ratings', { ...aliceFive(), deviceId }).expect(201);
      await postAs(ip, '/feedback/experience-ratings', submitBody(shop.store, { score: 2, deviceId })).expect(
        201,
      );
      await postAs(
        ip,
        '/feedback/social-clicks',
        submitBody(shop.store, { network: 'instagram', deviceId }),
      ).expect(201);
    }
    // A refused submit must not leave a trace either.
    await postAs(IP, '/feedback/staff-ratings', { ...aliceFive(), deviceId: phones[0] }).expect(429);

    const db = mongoose.connection.db!;
    const dump: string[] = [];
    for (const { name } of await db.listCollections().toArray()) {
      const docs = await db.collection(name).find({}).toArray();
      dump.push(JSON.stringify(docs));
    }
    const everything = dump.join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    for (const needle of [IP, IPV6, '2001:db8:85a3', 'UniqueBrowser', 'Pixel 8'])
      expect(everything).not.toContain(needle);
  });

  it('hashes with a salt of the day, so the same phone cannot be linked across days', async () => {
    const who = { ip: IP, userAgent: UA };
    const phone = { deviceId: newDeviceId(), kiosk: undefined, store: String(new mongoose.Types.ObjectId()) };
    const monday = await fingerprint(who, phone, new Date('2026-05-04T10:00:00Z'));
    const mondayLater = await fingerprint(who, phone, new Date('2026-05-04T22:00:00Z'));
    const tuesday = await fingerprint(who, phone, new Date('2026-05-05T01:00:00Z'));
    expect(mondayLater).toEqual(monday);
    expect(tuesday.deviceHash).not.toBe(monday.deviceHash);
    expect(tuesday.networkHash).not.toBe(monday.networkHash);
    expect(monday.deviceHash).toMatch(/^[0-9a-f]{32}$/);
    // Yesterday's salt is gone once today's exists: nobody can recompute Monday's hashes.
    expect((await DailySaltModel.find({}).lean()).map((s) => s.day)).toEqual(['2026-05-05']);
  });

  it('tells two signed phones on one Wi-Fi apart, sees one network, and counts unsigned ids as the network', async () => {
    const at = new Date('2026-05-04T10:00:00Z');
    const store = String(new mongoose.Types.ObjectId());
    const as = (deviceId: string | undefined, userAgent = UA) =>
      fingerprint({ ip: IP, userAgent }, { deviceId, kiosk: undefined, store }, at);
    const a = await as(newDeviceId());
    const b = await as(newDeviceId());
    expect(a.deviceHash).not.toBe(b.deviceHash);
    expect(a.networkHash).toBe(b.networkHash);
    expect([a.identified, b.identified]).toEqual([true, true]);
    // One signed id is one phone whatever its browser string says.
    const id = newDeviceId();
    expect((await as(id, 'Other/1')).deviceHash).toBe((await as(id, 'Other/2')).deviceHash);
    // Ids the server did not sign are the network: rotating them lands on one hash.
    const made = await Promise.all(['rotated-1', 'rotated-2', undefined].map((d) => as(d)));
    expect(new Set(made.map((f) => f.deviceHash)).size).toBe(1);
    expect(made.every((f) => !f.identified && !f.kiosk)).toBe(true);
  });
});
