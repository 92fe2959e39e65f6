// Every link token the API hands out (board, scorecard share, invitation, unsubscribe, acknowledge) is used through
// the API with the log captured at its most verbose level: none of them, raw or URL-encoded, reaches a log line.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../src/app';
import { redactUrlTokens } from '../../src/lib/logger';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { ackToken } from '../../src/modules/alerts/acknowledge';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { makeMember, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { capturedLogLines as mockLogLines } from '../helpers/log-capture';
import type * as LogCapture from '../helpers/log-capture';
import { useMailbox } from '../helpers/mailbox';
import { inviteTokenFrom } from '../team/support';

jest.mock('../../src/lib/logger', () =>
  (jest.requireActual('../helpers/log-capture') as typeof LogCapture).capturingLoggerModule(),
);

setupTestDb();
const mailbox = useMailbox();
const app = createApp();
beforeEach(() => resetRateLimits());

const afterLast = (url: string, marker: string) => url.split(marker)[1] ?? '';

describe('request logs and link tokens', () => {
  it('never write a board, share, invitation, unsubscribe or acknowledge token, while still logging the requests', async () => {
    mockLogLines.length = 0;
    const owner = await makeUser();
    const store = await makeStore(owner.id, { name: 'Harbour Road' });
    const ana = await makeStaff(owner.id, [store._id], { name: 'Ana Alvarez' });
    const manager = await makeMember(owner.id, 'manager', [store._id]);
    const tokens: string[] = [];

    // breakroom board: created, opened by the TV
    const board = await request(app)
      .post('/api/v1/boards')
      .set(owner.auth)
      .send({ store: String(store._id) });
    expect(board.status).toBe(201);
    tokens.push(afterLast(board.body.url as string, '/board/'));
    await request(app).get(`/api/v1/boards/public/${tokens[0]}`).expect(200);

    // scorecard share link: created, opened
    const share = await request(app).post(`/api/v1/scorecards/${ana._id}/share`).set(owner.auth).send({});
    expect(share.status).toBe(201);
    tokens.push(afterLast(share.body.url as string, '/scorecard/'));
    await request(app).get(`/api/v1/scorecards/public/${tokens[1]}`).expect(200);

    // invitation: mailed, previewed, signed up with
    const email = `new.member.${Date.now()}@example.com`;
    await request(app)
      .post('/api/v1/team/invitations')
      .set(owner.auth)
      .send({ email, role: 'viewer', stores: [String(store._id)] })
      .expect(201);
    const inviteToken = inviteTokenFrom(
      await mailbox.waitFor(email, (m) => m.subject.includes('invited you')),
    );
    tokens.push(inviteToken);
    await request(app).get('/api/v1/team/invitations/preview').query({ token: inviteToken }).expect(200);
    await request(app)
      .post('/api/v1/team/invitations/signup')
      .send({ token: inviteToken, fullname: 'New Member', password: 'Passw0rd!long' })
      .expect(201);

    // report unsubscribe: mailed, opened in a browser (redirected to the page), previewed, used
    await request(app)
      .post('/api/v1/reports/send-now')
      .set(manager.auth)
      .send({ period: 'weekly' })
      .expect(200);
    const reportMail = await mailbox.waitFor(manager.user.email);
    const unsubscribe = /\/reports\/unsubscribe\?token=([\w.%-]+)/.exec(reportMail.text)?.[1];
    expect(unsubscribe).toBeDefined();
    tokens.push(decodeURIComponent(unsubscribe!));
    await request(app)
      .get('/api/v1/reports/unsubscribe')
      .set('accept', 'text/html')
      .query({ token: tokens[3] });
    await request(app).get('/api/v1/reports/unsubscribe').query({ token: tokens[3] }).expect(200);
    await request(app).post('/api/v1/reports/unsubscribe').query({ token: tokens[3] }).expect(200);

    // alert acknowledge link: used once, then again (the refusal is logged too)
    const nonce = randomBytes(16).toString('hex');
    const alert = await NotificationModel.create({
      business: owner.id,
      user: owner.id,
      type: 'low-rating',
      message: 'Low rating',
      text: 'Low rating',
      store: store._id,
      ackNonce: nonce,
    });
    tokens.push(ackToken(String(alert._id), nonce));
    await request(app).post('/api/v1/alerts/acknowledge').send({ token: tokens[4] }).expect(200);
    await request(app).post('/api/v1/alerts/acknowledge').send({ token: tokens[4] }).expect(200);

    // a mistyped board link is logged without its would-be token as well
    const wrong = randomBytes(32).toString('base64url');
    tokens.push(wrong);
    await request(app).get(`/api/v1/boards/public/${wrong}`).expect(404);

    expect(tokens.every((t) => t.length >= 20)).toBe(true);
    const log = mockLogLines.join('\n');
    // the requests were logged (the capture works), with their secrets redacted
    expect(log).toContain('/api/v1/boards/public/[redacted]');
    expect(log).toContain('/api/v1/scorecards/public/[redacted]');
    expect(log).toContain('/api/v1/reports/unsubscribe?token=[redacted]');
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
      // the signature half of a two-part token is the secret on its own
      expect(log).not.toContain(token.split('.').at(-1)!);
    }
  });
});

describe('redactUrlTokens', () => {
  it.each([
    ['/api/v1/boards/public/abc', '/api/v1/boards/public/[redacted]'],
    ['/api/v1/scorecards/public/xyz?x=1', '/api/v1/scorecards/public/[redacted]?x=1'],
    ['/api/v1/reports/unsubscribe?x=1&token=a.b', '/api/v1/reports/unsubscribe?x=1&token=[redacted]'],
    [`/api/v1/anything/${'A'.repeat(43)}/more`, '/api/v1/anything/[redacted]/more'],
    // ids and ordinary paths stay readable
    ['/api/v1/store/65f1c2a9e4b0a1b2c3d4e5f6', '/api/v1/store/65f1c2a9e4b0a1b2c3d4e5f6'],
    ['/api/v1/scorecards/65f1c2a9e4b0a1b2c3d4e5f6/pdf', '/api/v1/scorecards/65f1c2a9e4b0a1b2c3d4e5f6/pdf'],
  ])('%s → %s', (url, out) => {
    expect(redactUrlTokens(url)).toBe(out);
  });
});
