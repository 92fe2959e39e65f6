// Lock-out attacks on login: strangers' wrong passwords must not keep the owner out (known devices, mailed code step).
import bcrypt from 'bcrypt';
import request from 'supertest';
import { LOGIN_CODE_REQUIRED, USER_MESSAGES } from '@cx/contracts';
import { KnownDeviceModel } from '../../src/modules/users/known-device.model';
import { LoginCodeModel } from '../../src/modules/users/login-code.model';
import { makeUser, type MadeUser } from '../factories';
import { loginCodeFrom, setupUsersApp, wrongCode } from './support';

const { app, mailbox } = setupUsersApp();

const OWNER_IP = '198.51.100.7';
const login = (ip: string, body: Record<string, unknown>) =>
  request(app).post('/api/v1/user/login').set('X-Forwarded-For', ip).send(body);

/** Strangers on many addresses send wrong passwords until the account's failure limit (10 / 15 min) is passed. */
async function attack(email: string, tries = 12): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    await login(`203.0.113.${i + 1}`, { email, password: `guess-${i}` }).expect(401);
  }
}

const signInCodeMail = (made: MadeUser) =>
  mailbox.waitFor(made.user.email, (m) => /sign-in code/i.test(m.subject));

describe('POST /api/v1/user/login while strangers guess the password', () => {
  it("signs the owner's known device in with the right password during the attack", async () => {
    const made = await makeUser();
    const first = await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(200);
    const device = first.body.device as string;
    expect(device).toMatch(/^[\w-]{43}$/);
    await attack(made.user.email);
    // Another network too: the device, not the address, is what the account knows.
    const res = await login('192.0.2.44', { email: made.user.email, password: made.password, device }).expect(
      200,
    );
    expect(res.body.message).toBe(USER_MESSAGES.loginSuccess);
    expect(res.body.device).toBe(device);
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
  });

  it('asks an unknown client with the right password for a mailed code, and signs it in with that code once', async () => {
    const made = await makeUser();
    await attack(made.user.email);
    const body = { email: made.user.email, password: made.password };
    const asked = await login(OWNER_IP, body).expect(403);
    expect(asked.body).toEqual({ message: USER_MESSAGES.loginCodeRequired, code: LOGIN_CODE_REQUIRED });
    const code = loginCodeFrom(await signInCodeMail(made));

    const wrong = await login(OWNER_IP, { ...body, code: wrongCode(code) }).expect(400);
    expect(wrong.body.fieldErrors.code).toEqual([USER_MESSAGES.loginCodeInvalid]);
    const res = await login(OWNER_IP, { ...body, code }).expect(200);
    await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    // Single use; and the browser that just signed in is a known device from now on.
    await login(OWNER_IP, { ...body, code }).expect(400);
    await login(OWNER_IP, { ...body, device: res.body.device }).expect(200);
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

  it('needs the right password even with a mailed code or a known device', async () => {
    const made = await makeUser();
    const device = (await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(200))
      .body.device as string;
    await attack(made.user.email);
    await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(403);
    const code = loginCodeFrom(await signInCodeMail(made));
    const res = await login('203.0.113.99', { email: made.user.email, password: 'nope-nope', code, device });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: USER_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
  });

  it("does not accept another account's known device", async () => {
    const victim = await makeUser();
    const other = await makeUser();
    const device = (await login(OWNER_IP, { email: other.user.email, password: other.password }).expect(200))
      .body.device as string;
    await attack(victim.user.email);
    const res = await login(OWNER_IP, { email: victim.user.email, password: victim.password, device });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(LOGIN_CODE_REQUIRED);
  });

  it('answers a wrong password exactly the same whether or not the account is throttled', async () => {
    const made = await makeUser();
    const before = await login('192.0.2.1', { email: made.user.email, password: 'nope-nope' }).expect(401);
    await attack(made.user.email);
    const after = await login('192.0.2.2', { email: made.user.email, password: 'nope-nope' }).expect(401);
    expect(after.body).toEqual(before.body);
    // Not even the rate-limit headers give the account's state away: they describe the caller's address only.
    for (const header of ['ratelimit', 'ratelimit-policy', 'retry-after']) {
      expect(after.headers[header]).toEqual(before.headers[header]);
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
      // The second step with a made-up code: a wrong password answers the same for both.
      const knownStep = await login(OWNER_IP, {
        email: made.user.email,
        password: 'nope-nope',
        code: '123456',
      });
      const unknownStep = await login(OWNER_IP, { email: ghost, password: 'nope-nope', code: '123456' });
      expect(unknownStep.status).toBe(401);
      expect(unknownStep.body).toEqual(knownStep.body);
    } finally {
      compare.mockRestore();
    }
  });

  it('keeps known devices and mailed codes only as hashes', async () => {
    const made = await makeUser();
    const device = (await login(OWNER_IP, { email: made.user.email, password: made.password }).expect(200))
      .body.device as string;
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
