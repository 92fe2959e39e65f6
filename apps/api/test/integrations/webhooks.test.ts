// Outgoing webhooks end to end: endpoints over the API, signed deliveries to a local receiver, retries and restarts.
import request from 'supertest';
import { createApp } from '../../src/app';
import { publishBusinessEvents, type BusinessEvent } from '../../src/lib/business-events';
import {
  WebhookDeliveryModel,
  WebhookEndpointModel,
  WebhookEventModel,
} from '../../src/modules/integrations/webhook.model';
import { fanOutEvents } from '../../src/modules/integrations/webhooks.queue';
import { createWebhookWorker, RETRY_DELAYS_MS } from '../../src/modules/integrations/webhooks.worker';
import { makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { useMailbox } from '../helpers/mailbox';
import {
  allowLoopbackReceivers,
  movableClock,
  signedWith,
  startReceiver,
  type Receiver,
} from './webhook-support';

setupTestDb();
const app = createApp();
const mailbox = useMailbox();
let receiver: Receiver;

allowLoopbackReceivers(); // the receiver is on loopback
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.hits.splice(0);
  receiver.answer(200);
  mailbox.clear();
});

const api = (owner: MadeUser) => ({
  post: (path: string, body?: object) =>
    request(app).post(`/api/v1/integrations/webhooks${path}`).set(owner.auth).send(body),
  get: (path: string) => request(app).get(`/api/v1/integrations/webhooks${path}`).set(owner.auth),
  patch: (path: string, body: object) =>
    request(app).patch(`/api/v1/integrations/webhooks${path}`).set(owner.auth).send(body),
});

async function endpoint(events = ['rating.created']) {
  const owner = await makeUser();
  const store = await makeStore(owner.id);
  const res = await api(owner).post('', { url: receiver.url, events });
  expect(res.status).toBe(201);
  return { owner, store, id: res.body._id as string, secret: res.body.secret as string };
}

const ratingEvent = (business: string, store: string, n = 1): BusinessEvent => ({
  id: `rating.created:test-${n}`,
  type: 'rating.created',
  business,
  store,
  at: new Date(),
  data: { rating: { score: 5 } },
});

describe('POST /api/v1/integrations/webhooks', () => {
  it('answers a Standard Webhooks secret once and lists the endpoint without it', async () => {
    const { owner, secret } = await endpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const list = await api(owner).get('');
    expect(list.status).toBe(200);
    expect(list.body.webhooks).toHaveLength(1);
    expect(list.body.webhooks[0]).toMatchObject({
      url: receiver.url,
      events: ['rating.created'],
      enabled: true,
    });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6, 20));
  });

  it('answers 400 naming the field for a bad URL or unknown events', async () => {
    const owner = await makeUser();
    const bad = [
      [{ url: 'not a url', events: ['rating.created'] }, 'url'],
      [{ url: 'ftp://hooks.example.com/x', events: ['rating.created'] }, 'url'],
      [{ url: 'https://hooks.example.com/x', events: ['rating.deleted'] }, 'events.0'],
      [{ url: 'https://hooks.example.com/x', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/x' }, 'events'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await api(owner).post('', body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fieldErrors ?? {})).toContain(field);
    }
  });
});

describe('delivery', () => {
  it('delivers a rating submitted at the store, signed, with the store id in the payload', async () => {
    const { owner, store, secret, id } = await endpoint();
    const { postFrom, submitBody } = await import('../feedback/support');
    const res = await postFrom(app, '/feedback/experience-ratings', submitBody(store, { score: 4 }));
    expect(res.status).toBe(201);
    // the submit's reaction queues the event after the response
    for (let i = 0; i < 100 && (await WebhookEventModel.countDocuments()) === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await createWebhookWorker().runDue()).toBe(1);
    expect(receiver.hits).toHaveLength(1);
    const hit = receiver.hits[0]!;
    expect(signedWith(secret, hit)).toBe(true);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ type: 'rating.created', business: owner.id, store: String(store._id) });
    expect(body.data.rating).toMatchObject({ _id: res.body._id, score: 4, store: String(store._id) });
    const log = await api(owner).get(`/${id}/deliveries`);
    expect(log.body.deliveries[0]).toMatchObject({ status: 'succeeded', responseCode: 200, attempts: 1 });
    expect(log.body.deliveries[0].durationMs).toEqual(expect.any(Number));
    expect(log.body.deliveries[0].payload).toBe(hit.body);
  });

  it('queues an event once however often its producer retries, only to endpoints that chose it', async () => {
    const { owner, store } = await endpoint();
    await api(owner).post('', { url: `${receiver.url}?alerts`, events: ['alert.fired'] });
    const event = ratingEvent(owner.id, String(store._id));
    await publishBusinessEvents([event]);
    await publishBusinessEvents([event]);
    expect(await fanOutEvents(10)).toBe(2);
    expect(await WebhookDeliveryModel.countDocuments()).toBe(1);
    expect(await WebhookEventModel.countDocuments()).toBe(0);
    await createWebhookWorker().runDue();
    expect(receiver.hits).toHaveLength(1);
  });

  it('fans an event out once when two workers move it at the same time', async () => {
    const { owner, store } = await endpoint();
    await api(owner).post('', { url: `${receiver.url}?second`, events: ['rating.created'] });
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    await Promise.all([fanOutEvents(10), fanOutEvents(10)]);
    expect(await WebhookDeliveryModel.countDocuments()).toBe(2);
    expect(await WebhookEventModel.countDocuments()).toBe(0);
  });

  it('takes over a fan-out a crashed worker had leased once its lease lapses, and not before', async () => {
    const { owner, store } = await endpoint();
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    const at = Date.now();
    await WebhookEventModel.updateMany(
      {},
      { $set: { lease: 'crashed', lockedUntil: new Date(at + 60_000) } },
    );
    expect(await fanOutEvents(10, new Date(at + 59_000))).toBe(0);
    expect(await WebhookDeliveryModel.countDocuments()).toBe(0);
    expect(await fanOutEvents(10, new Date(at + 61_000))).toBe(1);
    expect(await WebhookDeliveryModel.countDocuments()).toBe(1);
    expect(await WebhookEventModel.countDocuments()).toBe(0);
  });

  it('retries with backoff: a receiver failing three times gets the event exactly once more', async () => {
    const { owner, store, secret } = await endpoint();
    receiver.answer(500, 503, 500, 200);
    const clock = movableClock();
    const worker = createWebhookWorker({ now: clock.now });
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    await worker.runDue();
    expect(receiver.hits).toHaveLength(1);
    clock.advance(RETRY_DELAYS_MS[0]! - 1000);
    expect(await worker.runDue()).toBe(0);
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
      clock.advance(delay);
      await worker.runDue();
    }
    expect(receiver.hits).toHaveLength(4);
    clock.advance(48 * 3600_000);
    expect(await worker.runDue()).toBe(0);
    expect(receiver.hits).toHaveLength(4);
    expect(receiver.hits.every((h) => signedWith(secret, h))).toBe(true);
    expect(new Set(receiver.hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    const row = await WebhookDeliveryModel.findOne().lean();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 4, responseCode: 200 });
  });

  it('loses no delivery across an API restart in the middle of the retries', async () => {
    const { owner, store } = await endpoint();
    receiver.answer(500, 200);
    const clock = movableClock();
    const first = createWebhookWorker({ now: clock.now, pollMs: 20 });
    first.start();
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    for (let i = 0; i < 100 && receiver.hits.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await first.stop();
    expect(receiver.hits).toHaveLength(1);
    // The new process starts later; the queue is in MongoDB, so it finds the retry owed.
    clock.advance(RETRY_DELAYS_MS[0]!);
    const second = createWebhookWorker({ now: clock.now });
    expect(await second.runDue()).toBe(1);
    expect(receiver.hits).toHaveLength(2);
    expect(await WebhookDeliveryModel.findOne().lean()).toMatchObject({ status: 'succeeded' });
  });

  it('takes over a delivery a crashed worker had claimed once its lease lapses, and not before', async () => {
    const { owner, store } = await endpoint();
    const clock = movableClock();
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    await fanOutEvents(10);
    await WebhookDeliveryModel.updateMany(
      {},
      { $set: { lease: 'crashed-worker', lockedUntil: new Date(clock.now().getTime() + 60_000) } },
    );
    const worker = createWebhookWorker({ now: clock.now });
    expect(await worker.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await worker.runDue()).toBe(1);
    expect(receiver.hits).toHaveLength(1);
  });
});

describe('POST /api/v1/integrations/webhooks/:id/rotate-secret', () => {
  it('signs with the new and the old secret for 24 hours, then with the new one only', async () => {
    const { owner, store, secret: old, id } = await endpoint();
    const rotated = await api(owner).post(`/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id), 1)]);
    await createWebhookWorker().runDue();
    const during = receiver.hits[0]!;
    expect(signedWith(fresh, during) && signedWith(old, during)).toBe(true);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const clock = movableClock(Date.now() + 24 * 3600_000 + 60_000);
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id), 2)]);
    await createWebhookWorker({ now: clock.now }).runDue();
    const after = receiver.hits[1]!;
    expect(signedWith(fresh, after)).toBe(true);
    expect(signedWith(old, after)).toBe(false);
  });
});

describe('automatic disable', () => {
  it('turns an endpoint off after 24 hours of failures and mails the owner', async () => {
    const { owner, store, id } = await endpoint();
    receiver.answer(500);
    const clock = movableClock();
    const worker = createWebhookWorker({ now: clock.now });
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    await worker.runDue();
    for (const delay of RETRY_DELAYS_MS) {
      clock.advance(delay);
      await worker.runDue();
    }
    const ep = await WebhookEndpointModel.findById(id).lean();
    expect(ep?.enabled).toBe(false);
    expect(ep?.disabledReason).toMatch(/24 hours/);
    const mail = await mailbox.waitFor(owner.user.email);
    expect(mail.subject).toBe('A webhook endpoint was turned off');
    expect(mail.text).toContain(receiver.url);
    const list = await api(owner).get('');
    expect(list.body.webhooks[0]).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/24 hours/),
    });
    expect(await WebhookDeliveryModel.findOne().lean()).toMatchObject({ status: 'failed' });
  });
});

describe('redeliver and test events', () => {
  it('redelivers the same message (same webhook-id and body) as a new row of the log', async () => {
    const { owner, store, id, secret } = await endpoint();
    await publishBusinessEvents([ratingEvent(owner.id, String(store._id))]);
    const worker = createWebhookWorker();
    await worker.runDue();
    const [first] = (await api(owner).get(`/${id}/deliveries`)).body.deliveries;
    const res = await api(owner).post(`/${id}/deliveries/${first._id}/redeliver`);
    expect(res.status).toBe(202);
    await worker.runDue();
    expect(receiver.hits).toHaveLength(2);
    expect(receiver.hits[1]!.headers['webhook-id']).toBe(receiver.hits[0]!.headers['webhook-id']);
    expect(receiver.hits[1]!.body).toBe(receiver.hits[0]!.body);
    expect(signedWith(secret, receiver.hits[1]!)).toBe(true);
    const log = await api(owner).get(`/${id}/deliveries?pageSize=1`);
    expect(log.body).toMatchObject({ total: 2, pageSize: 1 });
    expect(log.body.deliveries[0]._id).toBe(res.body._id);
  });

  it('sends a signed test event from the queue, and refuses while the endpoint is off', async () => {
    const { owner, id, secret } = await endpoint();
    const res = await api(owner).post(`/${id}/test`);
    expect(res.status).toBe(202);
    expect(receiver.hits).toHaveLength(0); // queued, never sent from the request
    await createWebhookWorker().runDue();
    expect(receiver.hits).toHaveLength(1);
    expect(JSON.parse(receiver.hits[0]!.body).type).toBe('webhook.test');
    expect(signedWith(secret, receiver.hits[0]!)).toBe(true);
    expect((await api(owner).patch(`/${id}`, { enabled: false })).status).toBe(200);
    expect((await api(owner).post(`/${id}/test`)).status).toBe(409);
  });

  it("answers 404 for another business's endpoint", async () => {
    const { id } = await endpoint();
    const stranger = await makeUser();
    expect((await api(stranger).post(`/${id}/test`)).status).toBe(404);
    expect((await api(stranger).get(`/${id}/deliveries`)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/integrations/webhooks/${id}`).set(stranger.auth)).status).toBe(
      404,
    );
  });
});
