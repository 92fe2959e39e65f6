// Steps for signing in under attack: strangers guessing a password, what a browser the account does not know then
// meets, and the tab that changed its password staying signed in.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { JourneyContext } from '../harness';
import { dialog, expectToast, openLoginDialog, submitLogin, TEXTS, VIEWPORTS } from './auth-steps';

/** A sign-in from a client with no cookies, on the given address (the API trusts the stack's one proxy hop). */
const loginFrom = (ctx: JourneyContext, ip: string, body: { email: string; password: string }) =>
  fetch(`${ctx.apiUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

/** Strangers on many addresses send wrong passwords until the account's failure limit (10 in 15 min) is passed. */
export async function strangersGuess(ctx: JourneyContext, email: string): Promise<void> {
  for (let i = 0; i < 11; i += 1) {
    await loginFrom(ctx, `203.0.113.${i + 1}`, { email, password: `guess-${i}` });
  }
}

/**
 * While the account is throttled, a client it does not know gets the same answer for the right and a wrong password;
 * a new browser signs in with the right one only through the mailed code; the owner is warned by mail.
 */
export async function unknownClientsNeedTheCode(
  ctx: JourneyContext,
  email: string,
  password: string,
): Promise<void> {
  const wrong = await loginFrom(ctx, '203.0.113.50', { email, password: 'Not-The-Password1' });
  const right = await loginFrom(ctx, '203.0.113.51', { email, password });
  assert.deepEqual(
    { status: right.status, body: await right.json() },
    { status: wrong.status, body: await wrong.json() },
    'a guess does not learn whether the password was right',
  );
  assert.equal(right.status, 403);
  const warning = await ctx.mailbox.waitFor(email, (m) => /failed sign-in attempts/i.test(m.subject));
  const link = /(https?:\/\/\S+\/\?forgotPassword=\S+)/.exec(warning.text)?.[1];
  assert.ok(link, `the warning links to changing the password: ${warning.text}`);

  const stranger = await ctx.newPage(VIEWPORTS.mobile);
  await stranger.goto(link);
  const forgot = dialog(stranger, 'Forgot Password');
  assert.equal(
    await forgot.getByLabel('Email').inputValue(),
    email,
    "the link opens Forgot Password for the owner's email",
  );
  await stranger.keyboard.press('Escape');
  await forgot.waitFor({ state: 'detached' });
  const login = await openLoginDialog(stranger);
  await submitLogin(login, email, password);
  await login.getByLabel('Code from email').waitFor();
  const mail = await ctx.mailbox.waitFor(email, (m) => /sign-in code/i.test(m.subject));
  const code = /sign-in code is:?\s*(\d{6})/.exec(mail.text)?.[1];
  assert.ok(code, `no sign-in code in: ${mail.text}`);
  await login.getByLabel('Code from email').fill(code);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await stranger.waitForURL('**/dashboard');
  await expectToast(stranger, TEXTS.loginSuccess);
  await stranger.context().close();
}

/**
 * After a password change in the Profile dialog this tab keeps working: the server closed its socket (opened with the
 * old token) at once, and the calls that follow must not sign the person out.
 */
export async function stillSignedInAfterPasswordChange(page: Page): Promise<void> {
  await dialog(page, 'Profile').waitFor({ state: 'detached' });
  // Long enough for the socket's close and the user check it triggers.
  await page.waitForTimeout(2000);
  assert.equal(new URL(page.url()).pathname, '/dashboard', 'still on the dashboard');
  assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'the session is kept');
  assert.equal(await page.getByText(/no longer valid|log in again/i).count(), 0, 'no sign-out message');
  await page.reload();
  await page.getByText(/^Welcome, /).waitFor();
  assert.equal(new URL(page.url()).pathname, '/dashboard', 'the new token works after a reload');
}
