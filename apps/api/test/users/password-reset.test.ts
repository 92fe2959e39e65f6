import request from 'supertest';
import { USER_MESSAGES } from '@cx/contracts';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { PasswordResetModel } from '../../src/modules/users/otp.model';
import { settleMail } from '../helpers/mailbox';
import { makeUser, type MadeUser } from '../factories';
import { otpFrom, refusedFieldMessages, setupUsersApp } from './support';

const { app, mailbox } = setupUsersApp();

async function requestOtp(made: MadeUser): Promise<string> {
  await request(app).post('/api/v1/user/forgot-password').send({ email: made.user.email }).expect(200);
  return otpFrom(await mailbox.waitFor(made.user.email));
}

const verify = (email: string, otp: string) =>
  request(app).post('/api/v1/user/verify-otp').send({ email, otp });
/** A code guaranteed to differ from the right one. */
const wrongCode = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/v1/user/forgot-password', () => {
  it('mails a 6-digit OTP and answers the spec message', async () => {
    const made = await makeUser();
    const res = await request(app)
      .post('/api/v1/user/forgot-password')
      .send({ email: made.user.email })
      .expect(200);
    expect(res.body).toEqual({ message: USER_MESSAGES.otpSent });
    const mail = await mailbox.waitFor(made.user.email);
    expect(otpFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toMatch(/10 minutes/);
  });

  it('stores the OTP only as a hash', async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    const record = await PasswordResetModel.findOne({ user: made.id }).lean();
    expect(record?.otpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.toContain(otp);
  });

  it('answers an unknown email with the same status and body, and sends nothing', async () => {
    const made = await makeUser();
    const known = await request(app).post('/api/v1/user/forgot-password').send({ email: made.user.email });
    const unknown = await request(app)
      .post('/api/v1/user/forgot-password')
      .send({ email: 'ghost@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await settleMail();
    expect(mailbox.mails.filter((m) => m.to.includes('ghost@example.com'))).toHaveLength(0);
  });

  it('applies the resend cooldown to known and unknown emails alike', async () => {
    const made = await makeUser();
    for (const email of [made.user.email, 'ghost@example.com']) {
      await request(app).post('/api/v1/user/forgot-password').send({ email }).expect(200);
      const again = await request(app).post('/api/v1/user/forgot-password').send({ email }).expect(429);
      expect(again.body.message).toMatch(/wait a minute/i);
    }
  });

  it('replaces the earlier code when a new one is requested after the cooldown', async () => {
    const made = await makeUser();
    const first = await requestOtp(made);
    mailbox.clear();
    resetRateLimits();
    const second = await requestOtp(made);
    if (first !== second) expect((await verify(made.user.email, first)).status).toBe(400);
    await verify(made.user.email, second).expect(200);
  });

  it.each([
    [{ email: '' }, USER_MESSAGES.emailRequired],
    [{}, USER_MESSAGES.emailRequired],
    [{ email: 'nope' }, USER_MESSAGES.emailInvalid],
  ])('refuses %p with the spec message', async (body, message) => {
    const res = await request(app).post('/api/v1/user/forgot-password').send(body).expect(400);
    expect(res.body.fieldErrors.email).toEqual([message]);
  });

  it('limits requests per IP with a 429 and a message', async () => {
    for (let i = 0; i < 20; i += 1) {
      await request(app)
        .post('/api/v1/user/forgot-password')
        .send({ email: `who${i}@example.com` })
        .expect(200);
    }
    const res = await request(app)
      .post('/api/v1/user/forgot-password')
      .send({ email: 'who-last@example.com' })
      .expect(429);
    expect(res.body.message).toMatch(/too many/i);
  });
});

describe('POST /api/v1/user/verify-otp', () => {
  it('accepts the mailed code once and answers a reset token', async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    const res = await verify(made.user.email, otp).expect(200);
    expect(res.body.message).toBe(USER_MESSAGES.otpVerified);
    expect(res.body.resetToken).toMatch(/^[\w-]{43}$/);
    const reuse = await verify(made.user.email, otp).expect(400);
    expect(reuse.body.message).toBe(USER_MESSAGES.otpInvalid);
  });

  it('refuses the right code after 5 wrong ones', async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(made.user.email, wrongCode(otp)).expect(400);
      expect(res.body.message).toBe(USER_MESSAGES.otpInvalid);
    }
    await verify(made.user.email, otp).expect(400);
  });

  it('still accepts the right code on the fifth try', async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    for (let i = 0; i < 4; i += 1) await verify(made.user.email, wrongCode(otp)).expect(400);
    await verify(made.user.email, otp).expect(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    const record = await PasswordResetModel.findOne({ user: made.id });
    expect(record!.expiresAt.getTime() - record!.createdAt.getTime()).toBeLessThanOrEqual(
      10 * 60 * 1000 + 1000,
    );
    await PasswordResetModel.updateOne(
      { user: made.id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    await verify(made.user.email, otp).expect(400);
  });

  it('answers an unknown email like a wrong code', async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    const unknown = await verify('ghost@example.com', otp);
    const wrong = await verify(made.user.email, wrongCode(otp));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ otp: '' }, 'otp', USER_MESSAGES.otpRequired],
    [{ otp: undefined }, 'otp', USER_MESSAGES.otpRequired],
    [{ otp: '12ab56' }, 'otp', USER_MESSAGES.otpNumeric],
    [{ otp: '1'.repeat(256) }, 'otp', USER_MESSAGES.tooLong],
    [{ email: '' }, 'email', USER_MESSAGES.emailRequired],
  ])('refuses %p with the spec message', async (override, field, message) => {
    const body = { email: 'a@example.com', otp: '123456', ...override };
    expect(await refusedFieldMessages(app, '/api/v1/user/verify-otp', body, field)).toEqual([message]);
  });

  it('limits tries per email with a 429 and a message', async () => {
    for (let i = 0; i < 10; i += 1) await verify('target@example.com', '000000').expect(400);
    const res = await verify('target@example.com', '000000').expect(429);
    expect(res.body.message).toMatch(/too many/i);
  });
});

describe('POST /api/v1/user/reset-password', () => {
  async function verifiedToken(made: MadeUser): Promise<string> {
    const otp = await requestOtp(made);
    return (await verify(made.user.email, otp).expect(200)).body.resetToken as string;
  }

  it('sets the new password, signs out old sessions, and the new password logs in', async () => {
    const made = await makeUser();
    const resetToken = await verifiedToken(made);
    const res = await request(app)
      .post('/api/v1/user/reset-password')
      .send({ email: made.user.email, password: 'BrandNew123', resetToken })
      .expect(200);
    expect(res.body).toEqual({ message: USER_MESSAGES.passwordUpdated });
    await request(app).get('/api/v1/user/me').set(made.auth).expect(401);
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: made.password })
      .expect(401);
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: 'BrandNew123' })
      .expect(200);
  });

  it('refuses a reset without a verified OTP (spec body only)', async () => {
    const made = await makeUser();
    await requestOtp(made);
    const res = await request(app)
      .post('/api/v1/user/reset-password')
      .send({ email: made.user.email, password: 'BrandNew123' })
      .expect(400);
    expect(res.body.message).toBe(USER_MESSAGES.resetInvalid);
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: made.user.email, password: made.password })
      .expect(200);
  });

  it('refuses a made-up reset token', async () => {
    const made = await makeUser();
    await verifiedToken(made);
    await request(app)
      .post('/api/v1/user/reset-password')
      .send({ email: made.user.email, password: 'BrandNew123', resetToken: 'x'.repeat(43) })
      .expect(400);
  });

  it("refuses another user's reset token", async () => {
    const victim = await makeUser();
    const attacker = await makeUser();
    const attackerToken = await verifiedToken(attacker);
    await request(app)
      .post('/api/v1/user/reset-password')
      .send({ email: victim.user.email, password: 'Hijacked123', resetToken: attackerToken })
      .expect(400);
    await request(app)
      .post('/api/v1/user/login')
      .send({ email: victim.user.email, password: victim.password })
      .expect(200);
  });

  it('uses a reset token once', async () => {
    const made = await makeUser();
    const resetToken = await verifiedToken(made);
    const body = { email: made.user.email, password: 'BrandNew123', resetToken };
    await request(app).post('/api/v1/user/reset-password').send(body).expect(200);
    await request(app)
      .post('/api/v1/user/reset-password')
      .send({ ...body, password: 'Again12345' })
      .expect(400);
  });

  it('refuses an expired reset token', async () => {
    const made = await makeUser();
    const resetToken = await verifiedToken(made);
    await PasswordResetModel.updateOne(
      { user: made.id },
      { $set: { resetTokenExpiresAt: new Date(Date.now() - 1000) } },
    );
    await request(app)
      .post('/api/v1/user/reset-password')
      .send({ email: made.user.email, password: 'BrandNew123', resetToken })
      .expect(400);
  });

  it.each([
    [{ password: '' }, 'password', USER_MESSAGES.passwordRequired],
    [{ password: 'short' }, 'password', USER_MESSAGES.passwordTooShort],
    [{ email: 'bad' }, 'email', USER_MESSAGES.emailInvalid],
  ])('refuses %p with the message', async (override, field, message) => {
    const body = { email: 'a@example.com', password: 'BrandNew123', resetToken: 'abc', ...override };
    expect(await refusedFieldMessages(app, '/api/v1/user/reset-password', body, field)).toEqual([message]);
  });
});
