// Using an API key: its stores only, its business only, revocation, paywall, audit, lastUsedAt, rate limit, no leaks.
import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { ApiKeyModel, apiKeyHash } from '../../src/modules/integrations/api-key.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { setupTestDb } from '../helpers/db';
import { capturedLogLines as mockLogLines } from '../helpers/log-capture';
import type * as LogCapture from '../helpers/log-capture';
import { createKey, keyWorld } from './support';

/** Every log line the API writes during this file, at the most verbose level, through the real redaction. */
jest.mock('../../src/lib/logger', () =>
  (jest.requireActual('../helpers/log-capture') as typeof LogCapture).capturingLoggerModule(),
);

setupTestDb();
const app = createApp();
beforeEach(() => resetRateLimits());

const timeline = (auth: { Authorization: string }, query: Record<string, string> = {}) =>
  request(app).get('/api/v1/analytics/timeline').set(auth).query(query);

/** The audit entry of a key's use is written when the answer is sent: wait for it. */
async function useEntries(keyId: string, count: number) {
  for (let i = 0; i < 50; i++) {
    const entries = await AuditModel.find({ apiKey: keyId, action: 'api-key.use' }).sort({ _id: 1 }).lean();
    if (entries.length >= count) return entries;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${count} audit entries for the key`);
}

describe('a store-limited key', () => {
  it('sees only its stores, and another store of the same business is a 404', async () => {
    const w = await keyWorld();
    const { auth } = await createKey(app, w.owner, ['ratings:read'], [String(w.storeA._id)]);
    const page = await timeline(auth).expect(200);
    expect(page.body.items.map((i: { comment: string }) => i.comment)).toEqual(['comment at store A']);
    await timeline(auth, { stores: String(w.storeB._id) }).expect(404);
    const flagged = await request(app).get('/api/v1/ratings/flagged').set(auth).expect(200);
    expect(flagged.body.total).toBe(0);
    await request(app)
      .get('/api/v1/ratings/flagged')
      .set(auth)
      .query({ store: String(w.storeB._id) })
      .expect(404);
  });

  it('a key for every store sees both', async () => {
    const w = await keyWorld();
    const { auth } = await createKey(app, w.owner, ['ratings:read']);
    const page = await timeline(auth).expect(200);
    expect(page.body.items.map((i: { comment: string }) => i.comment).sort()).toEqual([
      'comment at store A',
      'comment at store B',
    ]);
    const flagged = await request(app).get('/api/v1/ratings/flagged').set(auth).expect(200);
    expect(flagged.body.ratings.map((r: { comment: string }) => r.comment)).toEqual(['flagged at store B']);
  });
});

describe('keys that must not work', () => {
  it('another business’s key cannot reach this business', async () => {
    const victim = await keyWorld();
    const intruder = await keyWorld();
    const { auth } = await createKey(app, intruder.owner, ['ratings:read', 'analytics:read']);
    await timeline(auth, { stores: String(victim.storeA._id) }).expect(404);
    const own = await timeline(auth).expect(200);
    expect(JSON.stringify(own.body)).not.toContain(String(victim.storeA._id));
    expect(JSON.stringify(own.body)).not.toContain(String(victim.storeB._id));
  });

  it('a revoked key answers 401 on its next use; an unknown key 401', async () => {
    const w = await keyWorld();
    const { id, auth } = await createKey(app, w.owner, ['ratings:read']);
    await timeline(auth).expect(200);
    await request(app).delete(`/api/v1/integrations/api-keys/${id}`).set(w.owner.auth).expect(200);
    const res = await timeline(auth).expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    await timeline({ Authorization: 'Bearer cxk_notarealkeyatall0000000000000000' }).expect(401);
  });

  it('the paywall applies to keys: a canceled business answers 402', async () => {
    const w = await keyWorld();
    const { auth } = await createKey(app, w.owner, ['ratings:read']);
    await BusinessModel.updateOne({ _id: w.owner.id }, { $set: { subscriptionStatus: 'canceled' } });
    await timeline(auth).expect(402);
  });
});

describe('what a key leaves behind', () => {
  it('every use is an audit entry naming the key, with method, path and status', async () => {
    const w = await keyWorld();
    const { id, auth } = await createKey(app, w.owner, ['ratings:read']);
    await timeline(auth).expect(200);
    await request(app).get('/api/v1/analytics/snapshot').set(auth).expect(403);
    const entries = await useEntries(id, 2);
    expect(entries.map((e) => [e.after?.method, e.after?.path, e.after?.status])).toEqual([
      ['GET', '/api/v1/analytics/timeline', 200],
      ['GET', '/api/v1/analytics/snapshot', 403],
    ]);
    const list = await request(app)
      .get('/api/v1/audit')
      .set(w.owner.auth)
      .query({ kind: 'api-key' })
      .expect(200);
    const used = list.body.entries.find((e: { action: string }) => e.action === 'api-key.use');
    expect(used.actor).toEqual({
      _id: id,
      fullname: expect.stringMatching(/^API key "Key ratings:read" \(cxk_/),
      role: 'viewer',
    });
  });

  it('lastUsedAt is set on use and written at most once a minute', async () => {
    const w = await keyWorld();
    const { id, auth } = await createKey(app, w.owner, ['ratings:read']);
    expect((await ApiKeyModel.findById(id).lean())!.lastUsedAt).toBeNull();
    await timeline(auth).expect(200);
    const first = (await ApiKeyModel.findById(id).lean())!.lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await timeline(auth).expect(200);
    expect((await ApiKeyModel.findById(id).lean())!.lastUsedAt).toEqual(first);
    const listed = await request(app).get('/api/v1/integrations/api-keys').set(w.owner.auth).expect(200);
    expect(listed.body.keys[0].lastUsedAt).toBe(first!.toISOString());
  });

  it('each key has its own rate limit: over it answers 429 with the standard body', async () => {
    const w = await keyWorld();
    const busy = await createKey(app, w.owner, ['analytics:read']);
    const calm = await createKey(app, w.owner, ['analytics:read']);
    const settings = (auth: { Authorization: string }) =>
      request(app).get('/api/v1/analytics/settings').set(auth);
    for (let sent = 0; sent < env.API_KEY_RATE_LIMIT; sent += 20) {
      const batch = Math.min(20, env.API_KEY_RATE_LIMIT - sent);
      const answers = await Promise.all(Array.from({ length: batch }, () => settings(busy.auth)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }
    const over = await settings(busy.auth).expect(429);
    expect(over.body).toEqual({ message: expect.stringMatching(/API key/), code: 'RATE_LIMITED' });
    await settings(calm.auth).expect(200);
  });

  it('no answer and no log line carries a key or its hash', async () => {
    const w = await keyWorld();
    const { key } = await createKey(app, w.owner, ['ratings:read']);
    mockLogLines.length = 0;
    const bodies = [
      (await timeline({ Authorization: `Bearer ${key}` }).expect(200)).text,
      (
        await request(app)
          .get('/api/v1/analytics/snapshot')
          .set({ Authorization: `Bearer ${key}` })
      ).text,
      (await request(app).get('/api/v1/integrations/api-keys').set(w.owner.auth).expect(200)).text,
      (await request(app).get('/api/v1/audit').set(w.owner.auth).expect(200)).text,
      (await request(app).get('/api/v1/audit/export.csv').set(w.owner.auth).expect(200)).text,
    ];
    await useEntries((await ApiKeyModel.findOne({}).lean())!._id.toString(), 2);
    const secrets = { key, hash: apiKeyHash(key), secretPart: key.slice(10) };
    const logs = mockLogLines.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, logs.includes(secret)]).toEqual([name, false]);
      expect([name, bodies.some((b) => b.includes(secret))]).toEqual([name, false]);
    }
  });
});
