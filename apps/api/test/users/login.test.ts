import request from 'supertest';
import jwt from 'jsonwebtoken';
import { USER_MESSAGES } from '@cx/contracts';
import { env } from '../../src/config/env';
import { UserModel } from '../../src/modules/users/user.model';
import { makeUser } from '../factories';
import {
  deviceCookieFrom,
  pathOf,
  refusedFieldMessages,
  setupUsersApp,
  verificationLinkFrom,
} from './support';

const { app, mailbox } = setupUsersApp();

describe('POST /api/v1/user/login', () => {
  it('answers the token and the user (id, fullname, email, profilePicture, userType, subscriptionStatus)', async () => {
    const made = await makeUser({ fullname: 'Grace Hopper' });
    const res = await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: made.password })
      .expect(200);
    expect(res.body.message).toBe(USER_MESSAGES.loginSuccess);
    expect(res.body.user).toMatchObject({
      id: made.id,
      _id: made.id,
      fullname: 'Grace Hopper',
      email: made.user.email,
      profilePicture: null,
      userType: 'owner',
      role: 'owner',
      subscriptionStatus: 'active',
    });
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    // This browser is a known device of the account from now on (see login-lockout.test.ts), through a cookie its
    // scripts cannot read, sent back only to the login route; the body carries no device token.
    expect(res.body).not.toHaveProperty('device');
    const device = deviceCookieFrom(res, made.id);
    expect(device.token).toMatch(/^[\w-]{43}$/);
    expect(device.flags).toMatch(/(^|; )HttpOnly(;|$)/);
    expect(device.flags).toMatch(/(^|; )SameSite=Strict(;|$)/);
    expect(device.flags).toMatch(/(^|; )Path=\/api\/v1\/user\/login(;|$)/);
    expect(device.flags).not.toMatch(/Secure/);
  });

  it('marks the known-device cookie Secure in production', async () => {
    const made = await makeUser();
    const mode = env.NODE_ENV;
    env.NODE_ENV = 'production';
    try {
      const res = await request(app)
        .post('/api/v1/user/login')
        .send({ email: made.user.email, password: made.password })
        .expect(200);
      expect(deviceCookieFrom(res, made.id).flags).toMatch(/(^|; )Secure(;|$)/);
    } finally {
      env.NODE_ENV = mode;
    }
  });

  it('lets the web app send the cookie from its own origin (CORS with credentials)', async () => {
    const origin = env.WEB_ORIGIN.split(',')[0]!.trim();
    const res = await request(app)
      .options('/api/v1/user/login')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const made = await makeUser();
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: `  ${made.user.email.toUpperCase()} `, password: made.password })
      .expect(200);
  });

  it('returns 401 with the server message for a wrong password', async () => {
    const made = await makeUser();
    const res = await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: 'nope-nope' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: USER_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const made = await makeUser();
    const wrong = await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: 'nope-nope' });
    const unknown = await request(app)
      .post('/api/v1/user/login')
      .send({ email: 'nobody@example.com', password: 'nope-nope' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an unverified account with 403 and mails a fresh verification link that works', async () => {
    const made = await makeUser({ emailVerifiedAt: null });
    const res = await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: made.password })
      .expect(403);
    expect(res.body.message).toBe(USER_MESSAGES.emailNotVerified);
    const mail = await mailbox.waitFor(made.user.email);
    await request(app)
      .get(pathOf(verificationLinkFrom(mail)))
      .expect(302);
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: made.password })
      .expect(200);
  });

  it('does not reveal that an unverified account exists to someone without the password', async () => {
    const made = await makeUser({ emailVerifiedAt: null });
    const res = await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: 'nope-nope' });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ email: '' }, 'email', USER_MESSAGES.emailRequired],
    [{ email: undefined }, 'email', USER_MESSAGES.emailRequired],
    [{ email: 'plainaddress' }, 'email', USER_MESSAGES.emailInvalid],
    [{ email: `${'b'.repeat(250)}@example.com` }, 'email', USER_MESSAGES.tooLong],
    [{ password: '' }, 'password', USER_MESSAGES.passwordRequired],
    [{ password: undefined }, 'password', USER_MESSAGES.passwordRequired],
    [{ password: 'p'.repeat(256) }, 'password', USER_MESSAGES.tooLong],
  ])('refuses %p with 400 and the spec message', async (override, field, message) => {
    const body = { email: 'someone@example.com', password: 'whatever1', ...override };
    expect(await refusedFieldMessages(app, '/api/v1/user/login', body, field)).toEqual([message]);
  });

  it('limits failed logins per IP across many emails', async () => {
    for (let i = 0; i < 50; i += 1) {
      await request(app)
        .post('/api/v1/user/login')
        .send({ email: `spray${i}@example.com`, password: 'guess-123' })
        .expect(401);
    }
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: 'spray-last@example.com', password: 'guess-123' })
      .expect(429);
  });

  it('does not count successful logins towards the limit', async () => {
    const made = await makeUser();
    for (let i = 0; i < 12; i += 1) {
      await request(app)
        .post('/api/v1/user/login')
        .send({ email: made.user.email, password: made.password })
        .expect(200);
    }
  });
});

describe('bearer tokens', () => {
  it('answers 401 with a message without a token', async () => {
    const res = await request(app).get('/api/v1/user/me').expect(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers 401 with a message for a tampered token', async () => {
    const made = await makeUser();
    const [header, payload, signature = ''] = made.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: made.id, typ: 'access', tv: 0, exp: 9999999999 }),
    ).toString('base64url');
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}xx`,
    ]) {
      const res = await request(app)
        .get('/api/v1/user/me')
        .set('Authorization', `Bearer ${token}`)
        .expect(401);
      expect(res.body.message).toMatch(/invalid/i);
    }
  });

  it('answers 401 with a message for an expired token', async () => {
    const made = await makeUser();
    const expired = jwt.sign(
      { sub: made.id, typ: 'access', tv: 0, exp: Math.floor(Date.now() / 1000) - 60 },
      env.JWT_SECRET,
    );
    const res = await request(app)
      .get('/api/v1/user/me')
      .set('Authorization', `Bearer ${expired}`)
      .expect(401);
    expect(res.body.message).toMatch(/expired/i);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const made = await makeUser();
    const foreign = jwt.sign({ sub: made.id, typ: 'access', tv: 0 }, 'someone-elses-secret-0123456789abcdef');
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${foreign}`).expect(401);
  });

  it('answers 401 once the user is deleted', async () => {
    const made = await makeUser();
    await UserModel.deleteOne({ _id: made.id });
    await request(app).get('/api/v1/user/me').set(made.auth).expect(401);
  });

  it('does not accept an email-verification token as a session', async () => {
    const made = await makeUser();
    const verifyToken = jwt.sign(
      { sub: made.id, typ: 'email-verify', email: made.user.email },
      env.JWT_SECRET,
    );
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${verifyToken}`).expect(401);
  });
});
