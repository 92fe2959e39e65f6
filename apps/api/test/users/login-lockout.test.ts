// Lock-out attacks on login: strangers' wrong passwords must not keep the owner out (known-device cookie, mailed code
// step), and while throttled the answers must not tell a stranger whether a guess was right.
import bcrypt from 'bcrypt';
import request from 'supertest';
import { LOGIN_CODE_REQUIRED, USER_MESSAGES } from '@cx/contracts';
import { env } from '../../src/config/env';
import { drainBackground } from '../../src/lib/background';
import { KnownDeviceModel } from '../../src/modules/users/known-device.model';
import { LoginCodeModel } from '../../src/modules/users/login-code.model';
import { makeUser, type MadeUser } from '../factories';
import { deviceCookieFrom, loginCodeFrom, setupUsersApp, wrongCode } from './support';

const { app, mailbox } = setupUsersApp();

const OWNER_IP = '198.51.100.7';
const login = (ip: string, body: Record<string, unknown>, cookie?: string) => {
  const req = request(app).post('/api/v1/user/login').set('X-Forwarded-For', ip);
  return (cookie ? req.set('Cookie', cookie) : req).send(body);
};

/** Strangers on many addresses send wrong passwords until the account's failure limit (10 / 15 min) is passed. */
async function attack(email: string, tries = 11): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    await login(`203.0.113.${i + 1}`, { email, password: `guess-${i}` }).expect(i < 10 ? 401 : 403);
  }
}

const signInCodeMails = (made: MadeUser) =>
  mailbox.mails.filter((m) => m.to.includes(made.user.email) && /sign-in code/i.test(m.subject));
const signInCodeMail = (made: MadeUser) =>
  mailbox.waitFor(made.user.email, (m) => /sign-in code/i.test(m.subject));
const codeRequired = { message: USER_MESSAGES.loginCodeRequired, code: LOGIN_CODE_REQUIRED };
const codeInvalid = {
  message: USER_MESSAGES.loginCodeInvalid,
  code: 'LOGIN_CODE_INVALID',
  fieldErrors: { code: [USER_MESSAGES.loginCodeInvalid] },
};

describe('POST /api/v1/user/login while strangers guess the password', () => {
  it("signs the owner's known browser (its cookie) in with the right password during the attack", async () => {
    const made = await makeUser();
    const first = await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(200);
    const device = deviceCookieFrom(first, made.id);
    expect(device.token).toMatch(/^[\w-]{43}$/);
    await attack(made.user.email);
    // Another network too: the browser, not the address, is what the account knows.
    const res = await login('192.0.2.44', { email: made.user.email, password: made.password }, device.cookie);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(USER_MESSAGES.loginSuccess);
    expect(deviceCookieFrom(res, made.id).token).toBe(device.token);
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
  });

  it('answers an unknown client the same for a right and a wrong password, and mails a code only for the right one', async () => {
    const made = await makeUser();
    await attack(made.user.email);
    const compare = jest.spyOn(bcrypt, 'compare');
    try {
      const wrong = await login(OWNER_IP, { email: made.user.email, password: 'nope-nope' });
      await drainBackground(30_000);
      expect(signInCodeMails(made)).toHaveLength(0);
      const right = await login(OWNER_IP, { email: made.user.email, password: made.password });
      expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 403, body: codeRequired });
      expect({ status: right.status, body: right.body }).toEqual({ status: 403, body: codeRequired });
      expect(right.headers['set-cookie']).toBeUndefined();
      // One comparison for each, whatever the password.
      expect(compare).toHaveBeenCalledTimes(2);
    } finally {
      compare.mockRestore();
    }
    const code = loginCodeFrom(await signInCodeMail(made));
    expect(signInCodeMails(made)).toHaveLength(1);
    // The code with a wrong password, and a wrong code with the right password, answer alike.
    const codeWrongPassword = await login(OWNER_IP, { email: made.user.email, password: 'nope-nope', code });
    const wrongCodeRightPassword = await login(OWNER_IP, {
      email: made.user.email,
      password: made.password,
      code: wrongCode(code),
    });
    expect({ status: codeWrongPassword.status, body: codeWrongPassword.body }).toEqual({
      status: 400,
      body: codeInvalid,
    });
    expect({ status: wrongCodeRightPassword.status, body: wrongCodeRightPassword.body }).toEqual({
      status: 400,
      body: codeInvalid,
    });
    // The guess with a wrong password did not spend the code: password and code sign in, once.
    const res = await login(OWNER_IP, { email: made.user.email, password: made.password, code }).expect(200);
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    await login(OWNER_IP, { email: made.user.email, password: made.password, code }).expect(400);
    // The browser that just signed in is a known device from now on.
    const device = deviceCookieFrom(res, made.id);
    await login(OWNER_IP, { email: made.user.email, password: made.password }, device.cookie).expect(200);
  });

  it('keeps an earlier mailed code valid when the step is asked again (resend)', async () => {
    const made = await makeUser();
    await attack(made.user.email);
    const body = { email: made.user.email, password: made.password };
    await login(OWNER_IP, body).expect(403);
    const first = loginCodeFrom(await signInCodeMail(made));
    mailbox.clear();
    await login(OWNER_IP, body).expect(403);
    await signInCodeMail(made);
    await login(OWNER_IP, { ...body, code: first }).expect(200);
  });

  it('needs the right password on a known browser too', async () => {
    const made = await makeUser();
    const first = await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(200);
    await attack(made.user.email);
    const res = await login(
      '203.0.113.99',
      { email: made.user.email, password: 'nope-nope' },
      deviceCookieFrom(first, made.id).cookie,
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: USER_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
  });

  it("does not accept another account's known-device token", async () => {
    const victim = await makeUser();
    const other = await makeUser();
    const first = await login(OWNER_IP, { email: other.user.email, password: other.password }).expect(200);
    const stolen = deviceCookieFrom(first, other.id).token;
    await attack(victim.user.email);
    for (const cookie of [`cx_device_${other.id}=${stolen}`, `cx_device_${victim.id}=${stolen}`]) {
      const res = await login(OWNER_IP, { email: victim.user.email, password: victim.password }, cookie);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(LOGIN_CODE_REQUIRED);
    }
  });

  it('answers an unknown email like a known one at every step, with one bcrypt comparison', async () => {
    const made = await makeUser();
    const ghost = 'ghost.owner@example.com';
    await attack(made.user.email);
    await attack(ghost);
    const compare = jest.spyOn(bcrypt, 'compare');
    try {
      const known = await login(OWNER_IP, { email: made.user.email, password: 'nope-nope' });
      const unknown = await login(OWNER_IP, { email: ghost, password: 'nope-nope' });
      expect(compare).toHaveBeenCalledTimes(2);
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: known.status,
        body: known.body,
      });
      const knownStep = await login(OWNER_IP, {
        email: made.user.email,
        password: 'nope-nope',
        code: '123456',
      });
      const unknownStep = await login(OWNER_IP, { email: ghost, password: 'nope-nope', code: '123456' });
      expect(unknownStep.status).toBe(400);
      expect(unknownStep.body).toEqual(knownStep.body);
    } finally {
      compare.mockRestore();
    }
  });

  it('mails the owner once about the failed attempts, with a link to change the password', async () => {
    const made = await makeUser({ fullname: 'Ada Owner' });
    await attack(made.user.email, 14);
    const warning = await mailbox.waitFor(made.user.email, (m) => /failed sign-in attempts/i.test(m.subject));
    expect(warning.text).toContain('many failed sign-in attempts');
    expect(warning.text).toContain('browsers you signed in with before still sign in');
    const link = /(https?:\/\/\S+\/\?forgotPassword=\S+)/.exec(warning.text)?.[1];
    expect(link).toBeDefined();
    expect(new URL(link!).searchParams.get('forgotPassword')).toBe(made.user.email);
    await drainBackground(30_000);
    // Only this owner's mail: an earlier test's owner may still get theirs from work that finished in the background.
    const toOwner = mailbox.mails.filter((m) => m.to.includes(made.user.email));
    expect(toOwner.filter((m) => /failed sign-in attempts/i.test(m.subject))).toHaveLength(1);
    expect(signInCodeMails(made)).toHaveLength(0);
  });

  it('keeps known devices and mailed codes only as hashes', async () => {
    const made = await makeUser();
    const first = await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(200);
    const device = deviceCookieFrom(first, made.id).token;
    await attack(made.user.email);
    await login('192.0.2.9', { email: made.user.email, password: made.password }).expect(403);
    const code = loginCodeFrom(await signInCodeMail(made));
    const stored = JSON.stringify([
      await KnownDeviceModel.find({ user: made.id }).lean(),
      await LoginCodeModel.find({ user: made.id }).lean(),
    ]);
    expect(stored).toMatch(/[0-9a-f]{64}/);
    expect(stored).not.toContain(device);
    expect(stored).not.toContain(code);
  });
});

describe('RATE_LIMIT_KEEP (the browser journeys turn every limit off but this one)', () => {
  const saved = { disabled: env.RATE_LIMIT_DISABLED, keep: env.RATE_LIMIT_KEEP };
  afterEach(() => {
    env.RATE_LIMIT_DISABLED = saved.disabled;
    env.RATE_LIMIT_KEEP = saved.keep;
  });

  it('keeps the named limiter on while RATE_LIMIT_DISABLED turns the others off', async () => {
    const made = await makeUser();
    env.RATE_LIMIT_DISABLED = true;
    env.RATE_LIMIT_KEEP = ['login-email'];
    await attack(made.user.email);
    env.RATE_LIMIT_KEEP = [];
    await login(OWNER_IP, { email: made.user.email, password: 'nope-nope' }).expect(401);
  });
});
