// Rate limits on signed-in actions: ownership-transfer passwords (sign-in's account bucket), send-now, keys, boards, links.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { makeMember, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { useMailbox } from '../helpers/mailbox';

setupTestDb();
const app = createApp();
const mailbox = useMailbox();
beforeEach(() => {
  resetRateLimits();
  mailbox.clear();
});

/** The answer's status, and for a 429 that it names a wait and says what happened. */
function expectRefused(res: request.Response, message: string) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(res.body).toEqual({ code: 'RATE_LIMITED', message });
}

async function times(n: number, call: (i: number) => Promise<request.Response>, status: number) {
  for (let i = 1; i <= n; i++) expect((await call(i)).status).toBe(status);
}

describe('POST /api/v1/team/transfer-ownership (wrong passwords count with sign-in)', () => {
  const TOO_MANY = 'Too many wrong passwords. Please wait 15 minutes and try again.';
  const transfer = (owner: MadeUser, to: MadeUser, password: string) =>
    request(app).post('/api/v1/team/transfer-ownership').set(owner.auth).send({ userId: to.id, password });

  it('answers 400 to the first 10 wrong passwords, then 429 even to the right one', async () => {
    const owner = await makeUser();
    const admin = await makeMember(owner.id, 'admin');
    await times(10, () => transfer(owner, admin, 'not-it'), 400);
    expectRefused(await transfer(owner, admin, 'not-it'), TOO_MANY);
    expectRefused(await transfer(owner, admin, owner.password), TOO_MANY);
    expect((await MembershipModel.findOne({ user: owner.id }).lean())!.role).toBe('owner');
  });

  it('shares the bucket with failed sign-ins of the same account', async () => {
    const owner = await makeUser();
    const admin = await makeMember(owner.id, 'admin');
    const login = () =>
      request(app).post('/api/v1/user/login').send({ email: owner.user.email, password: 'not-it' });
    await times(6, login, 401);
    await times(4, () => transfer(owner, admin, 'not-it'), 400);
    expectRefused(await transfer(owner, admin, owner.password), TOO_MANY);
    // Below the limit the right password still transfers, and another account's failures are its own.
    const other = await makeUser();
    const otherAdmin = await makeMember(other.id, 'admin');
    await times(9, () => transfer(other, otherAdmin, 'not-it'), 400);
    await transfer(other, otherAdmin, other.password).expect(200);
    expect((await MembershipModel.findOne({ user: otherAdmin.id }).lean())!.role).toBe('owner');
  });
});

describe('POST /api/v1/reports/send-now (3 per member an hour, viewers included)', () => {
  const send = (who: MadeUser) =>
    request(app).post('/api/v1/reports/send-now').set(who.auth).send({ period: 'daily' });

  it("mails a viewer's own report three times, then answers 429 and mails nothing more", async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const viewer = await makeMember(owner.id, 'viewer', [store._id]);
    await times(3, () => send(viewer), 200);
    expectRefused(
      await send(viewer),
      'You can send yourself at most 3 reports an hour. Please try again later.',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mails.filter((m) => m.to.includes(viewer.user.email))).toHaveLength(3);
    // The budget is the member's: the owner of the same business still can.
    await send(owner).expect(200);
  });
});

describe('POST /api/v1/integrations/api-keys (10 per business an hour)', () => {
  const create = (who: MadeUser, i: number) =>
    request(app)
      .post('/api/v1/integrations/api-keys')
      .set(who.auth)
      .send({ name: `Key ${i}`, scopes: ['ratings:read'] });

  it('creates 10, then answers 429 to every member of that business but not to another business', async () => {
    const owner = await makeUser();
    const admin = await makeMember(owner.id, 'admin');
    await times(10, (i) => create(i % 2 ? owner : admin, i), 201);
    const message = 'A business can create at most 10 API keys an hour. Please try again later.';
    expectRefused(await create(owner, 11), message);
    expectRefused(await create(admin, 12), message);
    await create(await makeUser(), 1).expect(201);
  });
});

describe('POST /api/v1/boards (20 per business an hour)', () => {
  it('creates 20 board links, then answers 429', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const create = () =>
      request(app)
        .post('/api/v1/boards')
        .set(owner.auth)
        .send({ store: String(store._id) });
    await times(20, create, 201);
    expectRefused(
      await create(),
      'A business can create at most 20 board links an hour. Please try again later.',
    );
  });
});

describe('POST /api/v1/scorecards/:staffId/share (30 per member an hour)', () => {
  it('creates 30 links, then answers 429 to that member while another member still can', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const ana = await makeStaff(owner.id, [store._id], { name: 'Ana Lopez' });
    const manager = await makeMember(owner.id, 'manager', [store._id]);
    const share = (who: MadeUser) =>
      request(app)
        .post(`/api/v1/scorecards/${String(ana._id)}/share`)
        .set(who.auth)
        .send({});
    await times(30, () => share(manager), 201);
    expectRefused(
      await share(manager),
      'You can create at most 30 scorecard share links an hour. Please try again later.',
    );
    await share(owner).expect(201);
  });
});
