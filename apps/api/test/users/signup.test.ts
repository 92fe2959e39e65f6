import request from 'supertest';
import { USER_MESSAGES, ZUserSchema } from '@cx/contracts';
import { UserModel } from '../../src/modules/users/user.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { MembershipModel } from '../../src/tenancy/membership.model';
import { TRIAL_DAYS } from '../../src/modules/users/users.service';
import { settleMail } from '../helpers/mailbox';
import { makeUser } from '../factories';
import { pathOf, setupUsersApp, signupBody, verificationLinkFrom } from './support';

const { app, mailbox } = setupUsersApp();

describe('POST /api/v1/user/signup', () => {
  it('creates a trial account and answers the spec success message', async () => {
    const body = signupBody({ timeZone: 'America/New_York' });
    const res = await request(app).post('/api/v1/user/signup').send(body).expect(201);
    expect(res.body).toEqual({ message: USER_MESSAGES.signupSuccess });
    const user = await UserModel.findOne({ email: body.email.toLowerCase() });
    const business = await BusinessModel.findById(user?.currentBusiness);
    expect(business?.subscriptionStatus).toBe('trialing');
    expect(await MembershipModel.findOne({ user: user?._id, business: business?._id }, { role: 1 })).toMatchObject({
      role: 'owner',
    });
    expect(user?.timeZone).toBe('America/New_York');
    expect(user?.emailVerifiedAt).toBeNull();
    const trialDays = ((business?.trialEndsAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(TRIAL_DAYS - 0.01);
    expect(trialDays).toBeLessThanOrEqual(TRIAL_DAYS);
  });

  it('stores an unknown time zone as UTC', async () => {
    const body = signupBody({ timeZone: 'Mars/Olympus' });
    await request(app).post('/api/v1/user/signup').send(body).expect(201);
    expect((await UserModel.findOne({ email: body.email }))?.timeZone).toBe('UTC');
  });

  it('mails a verification link that verifies the address and lands on the web app', async () => {
    const body = signupBody();
    await request(app).post('/api/v1/user/signup').send(body).expect(201);
    const mail = await mailbox.waitFor(body.email);
    expect(mail.subject).toMatch(/verify your email/i);
    expect(mail.text).toContain(body.fullname);
    const res = await request(app)
      .get(pathOf(verificationLinkFrom(mail)))
      .expect(302);
    expect(res.headers.location).toMatch(/^http:\/\/localhost:5173\/\?emailVerified=1#signIn=[0-9a-f]{24}\.[\w-]{43}$/);
    expect((await UserModel.findOne({ email: body.email }))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('redirects with emailVerified=0 for a tampered verification link', async () => {
    const body = signupBody();
    await request(app).post('/api/v1/user/signup').send(body).expect(201);
    const link = verificationLinkFrom(await mailbox.waitFor(body.email));
    const token = link.searchParams.get('token') ?? '';
    const res = await request(app)
      .get('/api/v1/user/verify-email')
      .query({ token: `${token.slice(0, -3)}abc` })
      .expect(302);
    expect(res.headers.location).toBe('http://localhost:5173/?emailVerified=0');
    expect((await UserModel.findOne({ email: body.email }))?.emailVerifiedAt).toBeNull();
  });

  it('answers a taken email exactly like a new one and mails the owner instead', async () => {
    const { user } = await makeUser();
    const fresh = await request(app).post('/api/v1/user/signup').send(signupBody());
    const taken = await request(app)
      .post('/api/v1/user/signup')
      .send(signupBody({ email: user.email }));
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    const mail = await mailbox.waitFor(user.email);
    expect(mail.subject).toMatch(/already have/i);
    expect(await UserModel.countDocuments({ email: user.email })).toBe(1);
  });

  it('treats the email case-insensitively', async () => {
    const body = signupBody();
    await request(app).post('/api/v1/user/signup').send(body).expect(201);
    await request(app)
      .post('/api/v1/user/signup')
      .send({ ...body, email: body.email.toUpperCase() })
      .expect(201);
    expect(await UserModel.countDocuments({ email: body.email.toLowerCase() })).toBe(1);
  });

  it.each([
    ['fullname', { fullname: '' }, USER_MESSAGES.nameRequired],
    ['fullname', { fullname: undefined }, USER_MESSAGES.nameRequired],
    ['fullname', { fullname: 'x'.repeat(256) }, USER_MESSAGES.tooLong],
    ['email', { email: '' }, USER_MESSAGES.emailRequired],
    ['email', { email: undefined }, USER_MESSAGES.emailRequired],
    ['email', { email: 'not-an-email' }, USER_MESSAGES.emailInvalid],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, USER_MESSAGES.tooLong],
    ['password', { password: '' }, USER_MESSAGES.passwordRequired],
    ['password', { password: undefined }, USER_MESSAGES.passwordRequired],
    ['password', { password: 'x'.repeat(256) }, USER_MESSAGES.tooLong],
    ['password', { password: 'short' }, USER_MESSAGES.passwordTooShort],
  ])('refuses a bad %s with 400 "%s"', async (field, override, message) => {
    const res = await request(app).post('/api/v1/user/signup').send(signupBody(override)).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(res.body.message).toBe(message);
  });

  it('never answers or stores the password in clear', async () => {
    const body = signupBody();
    const res = await request(app).post('/api/v1/user/signup').send(body);
    expect(JSON.stringify(res.body)).not.toContain(body.password);
    const stored = await UserModel.findOne({ email: body.email }).select('+passwordHash').lean();
    expect(stored?.passwordHash).toMatch(/^\$2[aby]\$/);
  });

  it('limits sign-ups per email with a 429 and a message', async () => {
    const body = signupBody();
    for (let i = 0; i < 5; i += 1) await request(app).post('/api/v1/user/signup').send(body).expect(201);
    const res = await request(app).post('/api/v1/user/signup').send(body).expect(429);
    expect(res.body.message).toMatch(/too many/i);
  });

  it('limits sign-ups per IP across different emails', async () => {
    for (let i = 0; i < 20; i += 1)
      await request(app).post('/api/v1/user/signup').send(signupBody()).expect(201);
    const res = await request(app).post('/api/v1/user/signup').send(signupBody()).expect(429);
    expect(res.body.message).toMatch(/too many/i);
    await settleMail();
  });
});

describe('the user on the wire', () => {
  it('matches the contract schema and carries no secret fields', async () => {
    const made = await makeUser();
    const res = await request(app).get('/api/v1/user/me').set(made.auth).expect(200);
    expect(ZUserSchema.strict().parse(res.body.user)).toBeTruthy();
    expect(Object.keys(res.body.user)).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|tokenVersion|\$2[aby]\$/);
  });
});
