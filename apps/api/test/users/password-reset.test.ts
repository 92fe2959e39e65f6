import request from 'supertest';
import { USER_MESSAGES } from '@cx/contracts';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { PasswordResetModel } from '../../src/modules/users/otp.model';
import { settleMail } from '../helpers/mailbox';
import { makeUser, type MadeUser } from '../factories';
import { otpFrom, refusedFieldMessages, setupUsersApp, wrongCode } from './support';

const { app, mailbox } = setupUsersApp();

async function requestOtp(made: MadeUser): Promise<string> {
  await request(app).post('/api/v1/user/forgot-password').send({ email: made.user.email }).expect(200);
  return otpFrom(await mailbox.waitFor(made.user.email));
}

const OWNER_IP = '198.51.100.7';
const verify = (email: string, otp: string, ip = OWNER_IP) =>
  request(app).post('/api/v1/user/verify-otp').set('X-Forwarded-For', ip).send({ email, otp });
const resetMails = (made: MadeUser) =>
  mailbox.mails.filter((m) => m.to.includes(made.user.email) && /reset code/i.test(m.subject));

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

  it('answers repeated requests the same for known and unknown emails, mailing at most once a minute', async () => {
    const made = await makeUser();
    const answers = [];
    for (const email of [made.user.email, 'ghost@example.com']) {
      for (let i = 0; i < 3; i += 1) {
        const res = await request(app).post('/api/v1/user/forgot-password').send({ email });
        answers.push({ status: res.status, body: res.body });
      }
    }
    expect(answers).toEqual(Array(6).fill({ status: 200, body: { message: USER_MESSAGES.otpSent } }));
    await settleMail();
    expect(resetMails(made)).toHaveLength(1);
  });

  it('keeps the first code valid however often a reset is requested again (code churn)', async () => {
    const made = await makeUser();
    const first = await requestOtp(made);
    for (let i = 0; i < 4; i += 1) {
      resetRateLimits();
      await request(app)
        .post('/api/v1/user/forgot-password')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ email: made.user.email })
        .expect(200);
    }
    await settleMail();
    const codes = resetMails(made).map(otpFrom);
    expect(codes).toHaveLength(5);
    await verify(made.user.email, first).expect(200);
    // Each of the others still works once, too.
    const last = codes[codes.length - 1]!;
    if (last !== first) await verify(made.user.email, last).expect(200);
  });

  it('mails no more than 5 live codes, and the earlier ones keep working', async () => {
    const made = await makeUser();
    for (let i = 0; i < 7; i += 1) {
      resetRateLimits();
      await request(app).post('/api/v1/user/forgot-password').send({ email: made.user.email }).expect(200);
    }
    await settleMail();
    const codes = resetMails(made).map(otpFrom);
    expect(codes).toHaveLength(5);
    await verify(made.user.email, codes[0]!).expect(200);
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

  it("does not let a stranger's wrong codes spend the owner's code", async () => {
    const made = await makeUser();
    const otp = await requestOtp(made);
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(made.user.email, wrongCode(otp), '203.0.113.9').expect(400);
      expect(res.body.message).toBe(USER_MESSAGES.otpInvalid);
    }
    await verify(made.user.email, otp, '203.0.113.9').expect(429);
    await verify(made.user.email, otp, OWNER_IP).expect(200);
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

  it('limits wrong tries per client (IP and email) with a 429, the same for known and unknown emails', async () => {
    const made = await makeUser();
    for (const email of [made.user.email, 'target@example.com']) {
      for (let i = 0; i < 5; i += 1) await verify(email, '000000').expect(400);
      const res = await verify(email, '000000').expect(429);
      expect(res.body.message).toMatch(/too many/i);
      // Another client asking about the same account is not affected.
      await verify(email, '000000', '192.0.2.77').expect(400);
    }
  });

  it('limits wrong tries per IP across many emails', async () => {
    for (let i = 0; i < 30; i += 1) await verify(`spray${i}@example.com`, '000000').expect(400);
    await verify('spray-last@example.com', '000000').expect(429);
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
