import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { unsentMailLog } from '../../src/lib/mailer';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { UserModel } from '../../src/modules/users/user.model';
import { otpMail, verificationMail } from '../../src/modules/users/users.mails';
import { setupTestDb } from '../helpers/db';
import { capturedLogLines as mockLogLines } from '../helpers/log-capture';
import type * as LogCapture from '../helpers/log-capture';
import { useMailbox } from '../helpers/mailbox';
import { otpFrom, pathOf, signupBody, verificationLinkFrom } from './support';

/** Every log line the API writes during this file, at the most verbose level, through the real redaction. */
jest.mock('../../src/lib/logger', () =>
  (jest.requireActual('../helpers/log-capture') as typeof LogCapture).capturingLoggerModule(),
);

setupTestDb();
const mailbox = useMailbox();
const app = createApp();

beforeEach(() => resetRateLimits());

describe('secrets stay out of responses and logs', () => {
  it('through sign-up, verification, login, OTP reset and profile update', async () => {
    const responses: string[] = [];
    const keep = <T extends { body: unknown; headers: Record<string, unknown> }>(res: T): T => {
      responses.push(JSON.stringify(res.body), JSON.stringify(res.headers));
      return res;
    };

    const body = signupBody();
    keep(await request(app).post('/api/v1/user/signup').send(body).expect(201));
    const link = verificationLinkFrom(await mailbox.waitFor(body.email));
    const verifyToken = link.searchParams.get('token') ?? '';
    keep(await request(app).get(pathOf(link)).expect(302));
    const login = keep(await request(app).post('/api/v1/user/login').send(body).expect(200));
    const auth = { Authorization: `Bearer ${login.body.token}` };
    keep(
      await request(app)
        .post('/api/v1/user/login')
        .send({ ...body, password: 'wrong-password' })
        .expect(401),
    );

    keep(await request(app).post('/api/v1/user/forgot-password').send({ email: body.email }).expect(200));
    const otp = otpFrom(await mailbox.waitFor(body.email, (m) => /reset code/i.test(m.subject)));
    keep(
      await request(app)
        .post('/api/v1/user/verify-otp')
        .send({ email: body.email, otp: '000000' === otp ? '111111' : '000000' }),
    );
    const verified = keep(
      await request(app).post('/api/v1/user/verify-otp').send({ email: body.email, otp }).expect(200),
    );
    const resetToken = verified.body.resetToken as string;
    const newPassword = 'SecondSecret99';
    keep(
      await request(app)
        .post('/api/v1/user/reset-password')
        .send({ email: body.email, password: newPassword, resetToken })
        .expect(200),
    );
    const relogin = keep(
      await request(app)
        .post('/api/v1/user/login')
        .send({ email: body.email, password: newPassword })
        .expect(200),
    );
    const auth2 = { Authorization: `Bearer ${relogin.body.token}` };
    keep(await request(app).get('/api/v1/user/me').set(auth).expect(401));
    keep(
      await request(app)
        .put('/api/v1/user/update-profile')
        .set(auth2)
        .field('fullname', 'Renamed')
        .field('oldPassword', newPassword)
        .field('newPassword', 'ThirdSecret999')
        .expect(200),
    );
    keep(await request(app).get('/api/v1/user/get-profile').set(auth2));

    const stored = await UserModel.findOne({ email: body.email.toLowerCase() })
      .select('+passwordHash')
      .lean();
    const secrets = {
      passwordHash: stored?.passwordHash ?? 'missing',
      otp,
      resetToken,
      jwtSecret: env.JWT_SECRET,
      password: body.password,
      newPassword,
      verifyToken,
      sessionToken: login.body.token as string,
    };
    expect(mockLogLines.length).toBeGreaterThan(10);
    const logs = mockLogLines.join('\n');
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, logs.includes(secret)]).toEqual([name, false]);
    }
    const answered = responses.join('\n');
    for (const [name, secret] of Object.entries({
      ...secrets,
      resetToken: undefined,
      sessionToken: undefined,
    })) {
      if (secret) expect([name, answered.includes(secret)]).toEqual([name, false]);
    }
    expect(answered).not.toMatch(/\$2[aby]\$\d\d\$/);
  });
});

describe('mail that cannot be sent (no SMTP_URL)', () => {
  const otp = otpMail('a@example.com', 'A', '123456');
  const verify = verificationMail('a@example.com', 'A', 'http://x/verify?token=abc');

  it('is logged with its code and link in development, so a developer can use it', () => {
    expect(JSON.stringify(unsentMailLog(otp, 'development').fields)).toContain('123456');
    expect(JSON.stringify(unsentMailLog(verify, 'development').fields)).toContain('token=abc');
  });

  it('never logs a code or link in production or test', () => {
    for (const mode of ['production', 'test'] as const) {
      expect(JSON.stringify(unsentMailLog(otp, mode).fields)).not.toContain('123456');
      expect(JSON.stringify(unsentMailLog(verify, mode).fields)).not.toContain('token=abc');
    }
  });
});
