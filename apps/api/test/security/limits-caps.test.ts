// Count caps per business (webhook endpoints 50, alert channels 20): 429 with Retry-After past them; the paged list.
import request from 'supertest';
import { createApp } from '../../src/app';
import { WebhookEndpointModel } from '../../src/modules/integrations/webhook.model';
import { AlertChannelModel } from '../../src/modules/alerts/alerts.model';
import { makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const addEndpoint = (owner: MadeUser, n: number) =>
  request(app)
    .post('/api/v1/integrations/webhooks')
    .set(owner.auth)
    .send({ url: `https://hooks.example.com/cx/${n}`, events: ['rating.created'] });

const listEndpoints = (owner: MadeUser, query = '') =>
  request(app).get(`/api/v1/integrations/webhooks${query}`).set(owner.auth);

async function ownerWithEndpoints(n: number): Promise<MadeUser> {
  const owner = await makeUser();
  for (let i = 1; i <= n; i++) expect((await addEndpoint(owner, i)).status).toBe(201);
  return owner;
}

describe('POST /api/v1/integrations/webhooks (at most 50 per business)', () => {
  it('adds the 50th endpoint, then answers 429 with Retry-After and says to delete one', async () => {
    const owner = await ownerWithEndpoints(50);
    const refused = await addEndpoint(owner, 51);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      code: 'LIMIT_REACHED',
      message:
        'A business can have at most 50 webhook endpoints. Delete one you no longer use to add another.',
    });
    expect(await WebhookEndpointModel.countDocuments({ business: owner.id })).toBe(50);
    // Another business is not affected by this one's endpoints.
    expect((await addEndpoint(await makeUser(), 1)).status).toBe(201);
    // Deleting one makes room again.
    const first = (await listEndpoints(owner, '?pageSize=1')).body.webhooks[0]._id as string;
    await request(app).delete(`/api/v1/integrations/webhooks/${first}`).set(owner.auth).expect(200);
    expect((await addEndpoint(owner, 52)).status).toBe(201);
  });

  it('holds the cap when several creates race past the 49th', async () => {
    const owner = await ownerWithEndpoints(48);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => addEndpoint(owner, 100 + i)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(2);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect(await WebhookEndpointModel.countDocuments({ business: owner.id })).toBeLessThanOrEqual(50);
  });
});

describe('GET /api/v1/integrations/webhooks (paged)', () => {
  it('gives 20 newest first by default and every endpoint exactly once across the pages', async () => {
    const owner = await ownerWithEndpoints(45);
    const first = await listEndpoints(owner).expect(200);
    expect(first.body).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.body.webhooks).toHaveLength(20);
    expect(first.body.webhooks[0].url).toBe('https://hooks.example.com/cx/45');
    const third = await listEndpoints(owner, '?page=3').expect(200);
    expect(third.body.webhooks.map((w: { url: string }) => w.url)).toEqual(
      [5, 4, 3, 2, 1].map((n) => `https://hooks.example.com/cx/${n}`),
    );
    const pages = await Promise.all([1, 2, 3].map((p) => listEndpoints(owner, `?page=${p}`)));
    const ids = pages.flatMap((p) => p.body.webhooks.map((w: { _id: string }) => w._id));
    expect(new Set(ids).size).toBe(45);
    const all = await listEndpoints(owner, '?pageSize=50').expect(200);
    expect(all.body.webhooks).toHaveLength(45);
    expect((await listEndpoints(owner, '?page=4').expect(200)).body.webhooks).toEqual([]);
  });

  it('answers 400 naming the field for a page size above the cap or a page below 1', async () => {
    const owner = await makeUser();
    const big = await listEndpoints(owner, '?pageSize=51').expect(400);
    expect(big.body.fieldErrors.pageSize).toEqual(['Page size can be at most 50']);
    const zero = await listEndpoints(owner, '?page=0').expect(400);
    expect(zero.body.fieldErrors.page).toEqual(['Page must be at least 1']);
  });
});

describe('POST /api/v1/alerts/channels (at most 20 per business)', () => {
  const addChannel = (owner: MadeUser, n: number) =>
    request(app)
      .post('/api/v1/alerts/channels')
      .set(owner.auth)
      .send({ kind: 'email', name: `Desk ${n}`, emails: [`desk${n}@example.com`] });

  it('connects the 20th channel, then answers 429 with Retry-After and a message', async () => {
    const owner = await makeUser();
    for (let i = 1; i <= 20; i++) expect((await addChannel(owner, i)).status).toBe(201);
    const refused = await addChannel(owner, 21);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toBe(
      'A business can connect at most 20 alert channels. Remove one you no longer use to add another.',
    );
    expect(await AlertChannelModel.countDocuments({ business: owner.id })).toBe(20);
    const list = await request(app).get('/api/v1/alerts/channels').set(owner.auth).expect(200);
    await request(app)
      .delete(`/api/v1/alerts/channels/${list.body.channels[0]._id}`)
      .set(owner.auth)
      .expect(200);
    expect((await addChannel(owner, 22)).status).toBe(201);
  });
});
