// Alert channels: owner/admin connect Slack, Teams and email; URLs checked; a test message goes through the outbox.
import request from 'supertest';
import { createApp } from '../../src/app';
import { AlertDeliveryModel } from '../../src/modules/alerts/alerts.model';
import { drainAlertDeliveries } from '../../src/modules/alerts/outbox';
import { setupTestDb } from '../helpers/db';
import { makeMember, makeUser } from '../factories';
import { allowLocalChannels, startReceiver, ZSlackMessage, ZTeamsCard, type Receiver } from './support';

setupTestDb();
const app = createApp();
let receiver: Receiver;
beforeAll(async () => (receiver = await startReceiver()));
afterAll(() => receiver.close());
afterEach(() => allowLocalChannels(false));

describe('POST /api/v1/alerts/channels', () => {
  it('connects a Slack webhook and lists it with only its host and last characters', async () => {
    const owner = await makeUser();
    const url = 'https://hooks.slack.com/services/T000/B000/abcdefSECRETwxyz';
    const res = await request(app)
      .post('/api/v1/alerts/channels')
      .set(owner.auth)
      .send({ kind: 'slack', name: 'Ops room', url });
    expect(res.status).toBe(201);
    const list = await request(app).get('/api/v1/alerts/channels').set(owner.auth);
    expect(list.body.channels).toEqual([
      expect.objectContaining({
        kind: 'slack',
        name: 'Ops room',
        target: 'hooks.slack.com/…wxyz',
        lastDelivery: null,
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('SECRET');
  });

  it('answers 400 with per-field messages for a wrong host, plain http and bad addresses', async () => {
    const owner = await makeUser();
    const post = (body: object) => request(app).post('/api/v1/alerts/channels').set(owner.auth).send(body);
    const slack = await post({ kind: 'slack', name: 'X', url: 'https://evil.example.com/hook' });
    expect(slack.status).toBe(400);
    expect(slack.body.fieldErrors.url).toEqual([
      'A Slack incoming webhook URL starts with https://hooks.slack.com/',
    ]);
    const http = await post({ kind: 'teams', name: 'X', url: 'http://acme.webhook.office.com/x' });
    expect(http.body.fieldErrors.url).toEqual(['Webhook URL must start with https://']);
    const local = await post({ kind: 'teams', name: 'X', url: 'http://127.0.0.1:9/x' });
    expect(local.status).toBe(400);
    const email = await post({ kind: 'email', name: '', emails: ['not-an-address'] });
    expect(email.status).toBe(400);
    expect(email.body.fieldErrors).toMatchObject({
      name: ['Name is required'],
      'emails.0': ['Each address must be a valid email'],
    });
    const teams = await post({
      kind: 'teams',
      name: 'Chain',
      url: 'https://acme.webhook.office.com/webhookb2/x',
    });
    expect(teams.status).toBe(201);
    const azure = await post({
      kind: 'teams',
      name: 'Flow',
      url: 'https://prod-1.westeurope.logic.azure.com/wf/x',
    });
    expect(azure.status).toBe(201);
  });

  it('is for the owner and admins only', async () => {
    const owner = await makeUser();
    const admin = await makeMember(owner.id, 'admin');
    const manager = await makeMember(owner.id, 'manager', []);
    const body = { kind: 'email', name: 'Managers', emails: ['ops@example.com'] };
    expect((await request(app).post('/api/v1/alerts/channels').set(manager.auth).send(body)).status).toBe(
      403,
    );
    expect((await request(app).post('/api/v1/alerts/channels').set(admin.auth).send(body)).status).toBe(201);
    // A rule editor still sees the names to choose from, never the targets.
    const options = await request(app).get('/api/v1/alerts/channel-options').set(manager.auth);
    expect(options.body.channels).toEqual([{ _id: expect.any(String), kind: 'email', name: 'Managers' }]);
  });
});

describe('POST /api/v1/alerts/channels/:id/test', () => {
  it('queues a test message that the job posts to the receiver as documented Slack blocks and a Teams card', async () => {
    allowLocalChannels();
    const owner = await makeUser();
    const ids: string[] = [];
    for (const kind of ['slack', 'teams'] as const) {
      const res = await request(app)
        .post('/api/v1/alerts/channels')
        .set(owner.auth)
        .send({ kind, name: kind, url: `${receiver.url}/${kind}` });
      ids.push(res.body.channel._id);
    }
    for (const id of ids) {
      const res = await request(app).post(`/api/v1/alerts/channels/${id}/test`).set(owner.auth);
      expect(res.status).toBe(202);
    }
    // Nothing is sent from the request: the outbox holds it until the job runs.
    expect(receiver.posts).toHaveLength(0);
    expect(await drainAlertDeliveries()).toBe(2);
    const slack = receiver.posts.find((p) => p.path === '/slack')!.body;
    const teams = receiver.posts.find((p) => p.path === '/teams')!.body;
    expect(ZSlackMessage.safeParse(slack).success).toBe(true);
    expect(ZTeamsCard.safeParse(teams).success).toBe(true);
    const list = await request(app).get('/api/v1/alerts/channels').set(owner.auth);
    expect(list.body.channels.map((c: { lastDelivery: { ok: boolean } }) => c.lastDelivery.ok)).toEqual([
      true,
      true,
    ]);
    receiver.posts.length = 0;
  });

  it('answers 404 for another business’s channel and removes its own', async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const created = await request(app)
      .post('/api/v1/alerts/channels')
      .set(owner.auth)
      .send({ kind: 'email', name: 'Ops', emails: ['ops@example.com'] });
    const id = created.body.channel._id as string;
    expect((await request(app).post(`/api/v1/alerts/channels/${id}/test`).set(other.auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/alerts/channels/${id}`).set(other.auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/alerts/channels/${id}`).set(owner.auth)).status).toBe(200);
    expect((await request(app).get('/api/v1/alerts/channels').set(owner.auth)).body.channels).toEqual([]);
    expect(await AlertDeliveryModel.countDocuments()).toBe(0);
  });
});

describe('POST /api/v1/notifications/rules (channels, escalation, urgent)', () => {
  const rule = (extra: object) => ({ type: 'low-rating', maxScore: 2, kinds: ['staff'], ...extra });

  it('saves a rule’s channels, escalation and urgency and answers them back', async () => {
    const owner = await makeUser();
    const admin = await makeMember(owner.id, 'admin');
    const ch = await request(app)
      .post('/api/v1/alerts/channels')
      .set(owner.auth)
      .send({ kind: 'email', name: 'Ops', emails: ['ops@example.com'] });
    const body = rule({
      channels: [ch.body.channel._id],
      escalation: { afterMinutes: 20, to: admin.id },
      urgent: true,
    });
    const res = await request(app).post('/api/v1/notifications/rules').set(owner.auth).send(body);
    expect(res.status).toBe(201);
    expect(res.body.rule).toMatchObject({
      channels: [ch.body.channel._id],
      escalation: { afterMinutes: 20, to: admin.id },
      urgent: true,
    });
  });

  it('answers 400 per field for a bad escalation and for channels or people of another business', async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const foreign = await request(app)
      .post('/api/v1/alerts/channels')
      .set(other.auth)
      .send({ kind: 'email', name: 'Theirs', emails: ['x@example.com'] });
    const post = (extra: object) =>
      request(app).post('/api/v1/notifications/rules').set(owner.auth).send(rule(extra));
    const minutes = await post({ escalation: { afterMinutes: 0, to: 'owner' } });
    expect(minutes.status).toBe(400);
    expect(minutes.body.fieldErrors['escalation.afterMinutes']).toEqual([
      'Escalate after must be at least 1',
    ]);
    const to = await post({ escalation: { afterMinutes: 5, to: 'boss' } });
    expect(to.body.fieldErrors['escalation.to']).toEqual(['Escalate to the owner or a member']);
    const stranger = await post({ escalation: { afterMinutes: 5, to: other.id } });
    expect(stranger.body.fieldErrors['escalation.to']).toEqual([
      'Escalate to the owner or a member of this business',
    ]);
    const theirs = await post({ channels: [foreign.body.channel._id] });
    expect(theirs.status).toBe(400);
    expect(theirs.body.fieldErrors.channels).toEqual(['Choose channels connected to this business']);
  });
});
