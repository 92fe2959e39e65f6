// The webhook producers: a flagged rating, its restore by a reviewer, a fired alert and the visit allowance reach endpoints.
import request from 'supertest';
import type { TWebhookEventType } from '@cx/contracts';
import { createApp } from '../../src/app';
import { WebhookDeliveryModel } from '../../src/modules/integrations/webhook.model';
import { fanOutEvents } from '../../src/modules/integrations/webhooks.queue';
import { deliver } from '../../src/modules/notifications/notify';
import { reactionNamed } from '../../src/modules/feedback/rating-accepted';
import { makeRating, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { storedEndpoint } from './webhook-support';

setupTestDb();
const app = createApp();

const endpointFor = (business: string, events: TWebhookEventType[]) =>
  storedEndpoint(business, 'https://hooks.example.com/cx', events);
const queued = async () => {
  await fanOutEvents(100);
  return (await WebhookDeliveryModel.find().lean()).map((d) => ({
    ...JSON.parse(d.payload),
    eventId: d.eventId,
  }));
};

describe('webhook producers', () => {
  it('publishes a flagged rating as rating.flagged from the rating reaction, once per rating', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    await endpointFor(owner.id, ['rating.flagged', 'rating.created']);
    const rating = await makeRating(store, { flag: { suspicious: true, reasons: ['burst'] } });
    const reaction = reactionNamed('webhooks')!;
    expect(reaction).toBeDefined();
    const accepted = { rating, store: { ...store.toObject(), timeZone: 'UTC' }, flagged: true };
    await reaction(accepted as never);
    await reaction(accepted as never);
    const rows = await queued();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'rating.flagged',
      store: String(store._id),
      eventId: `rating.flagged:${rating._id}`,
    });
  });

  it('publishes rating.restored when a reviewer restores a flagged rating', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    await endpointFor(owner.id, ['rating.restored']);
    const rating = await makeRating(store, {
      flag: { suspicious: true, restored: false, reasons: ['burst'] },
    });
    const res = await request(app)
      .post(`/api/v1/ratings/${rating._id}/restore`)
      .set(owner.auth)
      .send({ note: 'ok' });
    expect(res.status).toBe(200);
    const rows = await queued();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'rating.restored', store: String(store._id) });
    expect(rows[0].data.rating).toMatchObject({ _id: String(rating._id), flagged: false });
  });

  it('publishes alert.fired when an alert is stored, and visit_allowance.reached once per threshold', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    await endpointFor(owner.id, ['alert.fired', 'visit_allowance.reached']);
    await deliver({
      business: owner.id,
      store: store._id,
      rule: null,
      type: 'low-rating',
      build: (w) => `A ${w.em('1-star')} rating`,
      email: false,
      subject: 'Low rating',
    });
    const allowance = (key: string) =>
      deliver({
        business: owner.id,
        rule: null,
        type: 'visit-allowance',
        build: () => '80 % used',
        email: false,
        subject: '80 %',
        key,
      });
    await allowance('rule-a:2025-06-01:80');
    await allowance('rule-b:2025-06-01:80');
    const rows = await queued();
    expect(rows.map((r) => r.type).sort()).toEqual(['alert.fired', 'visit_allowance.reached']);
    const fired = rows.find((r) => r.type === 'alert.fired');
    expect(fired).toMatchObject({
      store: String(store._id),
      data: { alert: { type: 'low-rating', message: 'A 1-star rating' } },
    });
    expect(rows.find((r) => r.type === 'visit_allowance.reached')?.data).toMatchObject({ percent: 80 });
  });
});
