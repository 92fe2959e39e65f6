// Forgot password → OTP from the captured mail → new password → log in with it, at both widths (panel screenshots).
import assert from 'node:assert/strict';
import type { Journey } from '../harness';
import {
  TEXTS,
  VIEWPORTS,
  dialog,
  expectToast,
  loginThroughDialog,
  openLoginDialog,
  otpIn,
  settle,
} from './auth-steps';

export const journey: Journey = {
  name: 'password reset: forgot, OTP from mail, new password, log in',
  async run(ctx) {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const width = viewport.width;
      const user = await ctx.createUser({ fullname: `Sam Reset${width}` });
      const page = await ctx.newPage(viewport);
      await page.goto('/');
      const login = await openLoginDialog(page);
      await login.getByLabel('Email').fill(user.email);
      await login.getByRole('button', { name: 'Forgot password?' }).click();

      const forgot = dialog(page, 'Forgot Password');
      await forgot.waitFor();
      assert.equal(await forgot.getByLabel('Email').inputValue(), user.email, 'the typed email carries over');
      await settle(page);
      await ctx.screenshot(page, `forgot-panel-${width}`);
      await forgot.getByRole('button', { name: 'Send OTP' }).click();
      await expectToast(page, TEXTS.otpSent);

      const otpPanel = dialog(page, 'OTP Verification');
      await otpPanel.waitFor();
      await settle(page);
      await ctx.screenshot(page, `otp-panel-${width}`);
      const mail = await ctx.mailbox.waitFor(user.email, (m) => /reset code/i.test(m.subject));
      await otpPanel.getByLabel('OTP').fill(otpIn(mail));
      await otpPanel.getByRole('button', { name: 'Verify OTP' }).click();
      await expectToast(page, TEXTS.otpVerified);

      const next = dialog(page, 'New Password');
      await next.waitFor();
      await settle(page);
      await ctx.screenshot(page, `new-password-panel-${width}`);
      const newPassword = `Fresh-${label}-Pass9`;
      await next.getByLabel('New Password', { exact: true }).fill(newPassword);
      await next.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
      await next.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, TEXTS.passwordUpdated);
      await dialog(page, 'Login').waitFor();

      // The old password no longer works; the new one does.
      const again = dialog(page, 'Login');
      await again.getByLabel('Email').fill(user.email);
      await again.getByLabel('Password', { exact: true }).fill(user.password);
      await again.getByRole('button', { name: 'Login', exact: true }).click();
      await expectToast(page, 'Invalid email or password');
      await loginThroughDialog(page, user.email, newPassword);
      await page.getByText('Welcome, Sam', { exact: true }).waitFor();
    }
  },
};
