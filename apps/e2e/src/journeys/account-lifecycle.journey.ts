// Sign up → verify → log in → edit name, avatar and password (still signed in) → log out (storage empty) → strangers
// guess the password → this known browser still signs in, an unknown one gets the code step → guard.
import assert from 'node:assert/strict';
import type { Journey } from '../harness';
import { stillSignedInAfterPasswordChange, strangersGuess, unknownClientsNeedTheCode } from './attack-steps';
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
  openVerificationLink,
  settle,
} from './auth-steps';

export const journey: Journey = {
  name: 'account lifecycle: sign up, verify, log in, edit profile, log out',
  async run(ctx) {
    const page = await ctx.newPage(VIEWPORTS.mobile);
    const email = uniqueEmail('morgan');
    const password = 'JourneyPass1!';
    const newPassword = 'JourneyPass2!';

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
    // The link's first use signs in and lands on the dashboard, the one-time code gone from the address.
    await openVerificationLink(page, mail);
    assert.equal(new URL(page.url()).hash, '', 'the sign-in code is removed from the address');
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
    // A new password too: it ends every older session, but this tab gets its new token and stays signed in.
    await profile.getByRole('textbox', { name: 'Old Password' }).fill(password);
    await profile.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
    await profile.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, TEXTS.profileUpdated);
    await page.getByText('Welcome, Riley', { exact: true }).waitFor();
    await stillSignedInAfterPasswordChange(page);
    const avatar = page.getByRole('button', { name: /^Account menu for Riley Quinn/ }).locator('img');
    await avatar.waitFor();
    // Avatars are private: the header fetches a sized variant with the session's token and shows it from memory.
    assert.match((await avatar.getAttribute('src')) ?? '', /^blob:/);
    const avatarPath = (await ctx.db.collection('users').findOne({ email }))?.profilePicture;
    const anonymous = await fetch(`${ctx.apiUrl}/api/v1/files/${String(avatarPath)}?w=160`);
    assert.equal(anonymous.status, 401, 'an avatar is not served without a token');
    const loaded = await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    assert.equal(loaded, true, 'the uploaded avatar is served back');

    await chooseFromAccountMenu(page, 'Logout');
    await page.waitForURL((url) => url.pathname === '/');
    // Logout clears all local storage (spec); the browser stays known to the account through the API's httpOnly cookie.
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'logout leaves local storage empty');

    // Strangers now guess the password: this browser, known to the account, still signs in straight away.
    await strangersGuess(ctx, email);
    await loginThroughDialog(page, email, newPassword);
    await unknownClientsNeedTheCode(ctx, email, newPassword);
    await chooseFromAccountMenu(page, 'Logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
  },
};
