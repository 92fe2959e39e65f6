// Sign up → verification link from the captured mail → log in → welcome line → edit name and avatar → log out → guard.
import assert from 'node:assert/strict';
import type { Journey } from '../harness';
import {
  AVATAR_PNG,
  TEXTS,
  VIEWPORTS,
  chooseFromAccountMenu,
  dialog,
  expectToast,
  loginThroughDialog,
  openLoginDialog,
  uniqueEmail,
  verificationLinkIn,
  settle,
} from './auth-steps';

export const journey: Journey = {
  name: 'account lifecycle: sign up, verify, log in, edit profile, log out',
  async run(ctx) {
    const page = await ctx.newPage(VIEWPORTS.mobile);
    const email = uniqueEmail('morgan');
    const password = 'JourneyPass1!';

    await page.goto('/');
    const login = await openLoginDialog(page);
    await settle(page);
    await ctx.screenshot(page, 'login-panel-390');
    await login.getByRole('button', { name: 'Sign up' }).click();
    const signup = dialog(page, 'Sign Up');
    await signup.waitFor();
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await signup.getByText('Name is required').waitFor();
    await settle(page);
    await ctx.screenshot(page, 'signup-panel-errors-390');
    await signup.getByLabel('Full Name').fill('Morgan Quinn');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(password);
    await signup.getByLabel('Confirm Password', { exact: true }).fill(password);
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await expectToast(page, TEXTS.signupSuccess);
    await dialog(page, 'Login').waitFor();

    // Login before verification is refused (docs/decisions.md), with the server's message.
    const early = dialog(page, 'Login');
    await early.getByLabel('Password', { exact: true }).fill(password);
    await early.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Please verify your email address first');

    const mail = await ctx.mailbox.waitFor(email, (m) => /verify your email/i.test(m.subject));
    await page.goto(verificationLinkIn(mail));
    await expectToast(page, TEXTS.emailVerified);
    assert.equal(new URL(page.url()).search, '', 'the verification flag is removed from the address');
    await dialog(page, 'Login').waitFor(); // the landing opens the login panel by itself

    await loginThroughDialog(page, email, password);
    await page.getByText('Welcome, Morgan', { exact: true }).waitFor();
    await settle(page, { dismissToasts: true });
    await ctx.screenshot(page, 'business-layout-new-user-390');

    await chooseFromAccountMenu(page, 'Profile');
    const profile = dialog(page, 'Profile');
    await profile.getByLabel('Full Name').waitFor();
    assert.equal(await profile.getByLabel('Email').isDisabled(), true, 'email is read-only');
    await settle(page);
    await ctx.screenshot(page, 'profile-dialog-390');
    await profile.getByLabel('Full Name').fill('Riley Quinn');
    await profile
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await profile.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, TEXTS.profileUpdated);
    await page.getByText('Welcome, Riley', { exact: true }).waitFor();
    const avatar = page.getByRole('button', { name: /^Account menu for Riley Quinn/ }).locator('img');
    await avatar.waitFor();
    // The header asks for a sized variant of the upload, never the original.
    assert.match((await avatar.getAttribute('src')) ?? '', /\/api\/v1\/files\/[0-9a-f]{24}\?w=\d+$/);
    const loaded = await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    assert.equal(loaded, true, 'the uploaded avatar is served back');

    await chooseFromAccountMenu(page, 'Logout');
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'logout clears local storage');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  },
};
