// SSRF: in production no webhook reaches loopback, private, link-local or metadata addresses, by name or redirect.
import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { publishBusinessEvents } from '../../src/lib/business-events';
import { WebhookDeliveryModel } from '../../src/modules/integrations/webhook.model';
import { createWebhookWorker } from '../../src/modules/integrations/webhooks.worker';
import {
  sendOnce,
  type Resolver,
  type WebhookPolicy,
} from '../../src/modules/integrations/webhooks.transport';
import { makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { startReceiver, storedEndpoint, type Receiver } from './webhook-support';

setupTestDb();
const app = createApp();
const production: WebhookPolicy = { allowPrivate: false, requireHttps: true };
const body = '{"type":"webhook.test"}';
let receiver: Receiver;
let elsewhere: Receiver;
/** Every name the tests use resolves here, never through real DNS. */
const names: Record<string, string[]> = {
  'hooks.internal.example': ['10.20.30.40'],
  'mixed.example': ['198.18.0.1', '192.168.1.5'],
  'metadata.example': ['169.254.169.254'],
  'v6-local.example': ['fd00:ec2::254'],
};
const resolver: Resolver = async (host) =>
  (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

beforeAll(async () => {
  receiver = await startReceiver();
  elsewhere = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await elsewhere.close();
});

describe('sendOnce in production', () => {
  const refused = [
    'https://127.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://10.1.2.3/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:10.0.0.1]/hooks',
    'https://hooks.internal.example/hooks',
    'https://mixed.example/hooks',
    'https://metadata.example/hooks',
    'https://v6-local.example/hooks',
  ];
  it.each(refused)('refuses %s before connecting', async (url) => {
    const result = await sendOnce({ url, body, headers: {}, policy: production, resolve: resolver });
    expect(result.ok).toBe(false);
    expect(result.responseCode).toBeNull();
    expect(result.error).toMatch(/public address|non-public/);
  });

  it('refuses the live local receiver itself (loopback), which never sees a request', async () => {
    const policy = { ...production, requireHttps: false };
    const result = await sendOnce({ url: receiver.url, body, headers: {}, policy, resolve: resolver });
    expect(result.ok).toBe(false);
    expect(receiver.hits).toHaveLength(0);
  });

  it('never follows a redirect: a 3xx is a failed attempt and its target is never asked', async () => {
    receiver.answer({ status: 302, headers: { location: elsewhere.url } });
    const local = { allowPrivate: true, requireHttps: false };
    const result = await sendOnce({ url: receiver.url, body, headers: {}, policy: local });
    expect(result).toMatchObject({ ok: false, responseCode: 302, error: 'Redirects are not followed' });
    expect(receiver.hits).toHaveLength(1);
    expect(elsewhere.hits).toHaveLength(0);
    receiver.answer(200);
    receiver.hits.splice(0);
  });
});

describe('the worker in production mode', () => {
  it('fails the delivery to an endpoint on a private address without connecting to it', async () => {
    const owner = await makeUser();
    await storedEndpoint(owner.id, receiver.url);
    await publishBusinessEvents([
      {
        id: 'rating.created:x',
        type: 'rating.created',
        business: owner.id,
        store: null,
        at: new Date(),
        data: {},
      },
    ]);
    await createWebhookWorker({ policy: { ...production, requireHttps: false }, resolve: resolver }).runDue();
    expect(receiver.hits).toHaveLength(0);
    const row = await WebhookDeliveryModel.findOne().lean();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(row?.error).toMatch(/public address/);
  });
});

describe('POST /api/v1/integrations/webhooks in production', () => {
  let saved: { nodeEnv: typeof env.NODE_ENV; allow: boolean };
  beforeAll(() => {
    saved = { nodeEnv: env.NODE_ENV, allow: env.WEBHOOKS_ALLOW_PRIVATE };
    env.WEBHOOKS_ALLOW_PRIVATE = false;
  });
  afterAll(() => {
    env.NODE_ENV = saved.nodeEnv;
    env.WEBHOOKS_ALLOW_PRIVATE = saved.allow;
  });

  it('refuses plain http and literal non-public addresses with a 400 on the url field', async () => {
    const owner = await makeUser();
    const urls = [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.5/x',
      'https://169.254.169.254/x',
      'https://[::1]/x',
    ];
    for (const url of urls) {
      env.NODE_ENV = 'production';
      const res = await request(app)
        .post('/api/v1/integrations/webhooks')
        .set(owner.auth)
        .send({ url, events: ['rating.created'] });
      env.NODE_ENV = saved.nodeEnv;
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.fieldErrors.url).toBeDefined();
    }
    env.NODE_ENV = 'production';
    const ok = await request(app)
      .post('/api/v1/integrations/webhooks')
      .set(owner.auth)
      .send({ url: 'https://hooks.example.com/x', events: ['rating.created'] });
    env.NODE_ENV = saved.nodeEnv;
    expect(ok.status).toBe(201);
  });
});
