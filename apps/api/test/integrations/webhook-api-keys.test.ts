// Webhooks through an API key: webhooks:manage may manage them (store-limited keys hear their stores only); others 403.
import request from 'supertest';
import { createApp } from '../../src/app';
import { publishBusinessEvents } from '../../src/lib/business-events';
import { WebhookDeliveryModel } from '../../src/modules/integrations/webhook.model';
import { fanOutEvents } from '../../src/modules/integrations/webhooks.queue';
import { setupTestDb } from '../helpers/db';
import { createKey, keyWorld } from './support';

setupTestDb();
const app = createApp();
const hooks = '/api/v1/integrations/webhooks';
const body = { url: 'https://hooks.example.com/key', events: ['rating.created'] };

describe('webhooks with an API key', () => {
  it('lets a webhooks:manage key create and list endpoints, and refuses a ratings:read key', async () => {
    const w = await keyWorld();
    const manage = await createKey(app, w.owner, ['webhooks:manage']);
    const read = await createKey(app, w.owner, ['ratings:read']);
    expect((await request(app).post(hooks).set(manage.auth).send(body)).status).toBe(201);
    const list = await request(app).get(hooks).set(manage.auth);
    expect([list.status, list.body.webhooks.length]).toEqual([200, 1]);
    expect((await request(app).post(hooks).set(read.auth).send(body)).status).toBe(403);
    expect((await request(app).get(hooks).set(read.auth)).status).toBe(403);
  });

  it("queues only the key's stores' events for an endpoint a store-limited key created", async () => {
    const w = await keyWorld();
    const limited = await createKey(app, w.owner, ['webhooks:manage'], [String(w.storeA._id)]);
    expect((await request(app).post(hooks).set(limited.auth).send(body)).status).toBe(201);
    const event = (store: string, n: number) => ({
      id: `rating.created:key-${n}`,
      type: 'rating.created' as const,
      business: w.owner.id,
      store,
      at: new Date(),
      data: {},
    });
    await publishBusinessEvents([event(String(w.storeA._id), 1), event(String(w.storeB._id), 2)]);
    await fanOutEvents(10);
    const rows = await WebhookDeliveryModel.find().lean();
    expect(rows.map((r) => r.eventId)).toEqual(['rating.created:key-1']);
  });
});
