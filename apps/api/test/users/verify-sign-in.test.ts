// The verification link signs the person in once: its first use hands the web app a one-time code for a session.
import request from 'supertest';
import { USER_MESSAGES, ZUserSchema } from '@cx/contracts';
import { UserModel } from '../../src/modules/users/user.model';
import { SIGN_IN_CODE_TTL_MS } from '../../src/modules/users/verify-sign-in';
import { pathOf, setupUsersApp, signupBody, verificationLinkFrom } from './support';

const { app, mailbox } = setupUsersApp();

/** Signs up and opens the mailed link: the redirect and the code in its fragment (if any). */
async function signUpAndOpenLink() {
  const body = signupBody();
  await request(app).post('/api/v1/user/signup').send(body).expect(201);
  const link = pathOf(verificationLinkFrom(await mailbox.waitFor(body.email)));
  const first = await request(app).get(link).expect(302);
  const code = decodeURIComponent(/#signIn=(.+)$/.exec(first.headers.location as string)?.[1] ?? '');
  return { body, link, code };
}

const exchange = (code: unknown) => request(app).post('/api/v1/user/verify-email/sign-in').send({ code });

describe('POST /api/v1/user/verify-email/sign-in', () => {
  it('turns the first use of the link into a session for the new account', async () => {
    const { body, code } = await signUpAndOpenLink();
    expect(code).not.toBe('');
    const res = await exchange(code).expect(200);
    expect(res.body.message).toBe(USER_MESSAGES.loginSuccess);
    const user = ZUserSchema.parse(res.body.user);
    expect(user.email).toBe(body.email.toLowerCase());
    expect(user.role).toBe('owner');
    expect(user.subscriptionStatus).toBe('trialing');
    // The token works like a login's.
    const me = await request(app).get('/api/v1/user/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.user.email).toBe(body.email.toLowerCase());
  });

  it('signs in once: the same code a second time answers 400 with the message', async () => {
    const { code } = await signUpAndOpenLink();
    await exchange(code).expect(200);
    const again = await exchange(code).expect(400);
    expect(again.body.message).toBe(USER_MESSAGES.signInLinkUsed);
    expect(again.body.token).toBeUndefined();
  });

  it('gives no sign-in code on a second use of the link, which only says the address is verified', async () => {
    const { link } = await signUpAndOpenLink();
    const second = await request(app).get(link).expect(302);
    expect(second.headers.location).toBe('http://localhost:5173/?emailVerified=1');
  });

  it('refuses an expired code and a code with a wrong secret', async () => {
    const { code } = await signUpAndOpenLink();
    const [id] = code.split('.');
    await exchange(`${id}.${'x'.repeat(43)}`).expect(400);
    await UserModel.updateOne(
      { _id: id },
      { $set: { signInCodeExpiresAt: new Date(Date.now() - SIGN_IN_CODE_TTL_MS) } },
    );
    const late = await exchange(code).expect(400);
    expect(late.body.fieldErrors.code).toEqual([USER_MESSAGES.signInLinkUsed]);
  });

  it('answers 400 for a missing or malformed code, never 500', async () => {
    expect((await exchange(undefined).expect(400)).body.fieldErrors.code).toEqual([USER_MESSAGES.signInLinkUsed]);
    await exchange('not-a-code').expect(400);
    await exchange('zzzzzzzzzzzzzzzzzzzzzzzz.abc').expect(400);
  });

  it('never stores the code itself', async () => {
    const { body, code } = await signUpAndOpenLink();
    const stored = await UserModel.findOne({ email: body.email.toLowerCase() })
      .select('+signInCodeHash')
      .lean();
    expect(stored?.signInCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code.split('.')[1]);
  });
});
