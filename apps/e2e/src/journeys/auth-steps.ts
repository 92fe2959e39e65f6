// Steps the account journeys share: opening the auth dialog, logging in through it, the account menu, mail contents.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { CapturedMail } from '../mailbox';

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The spec §8 texts the journeys wait for. */
export const TEXTS = {
  loginSuccess: 'Login success.',
  signupSuccess: 'Account created successfully.',
  otpSent: 'OTP sent to your email successfully.Please check your email.',
  otpVerified: 'OTP verified successfully.',
  passwordUpdated: 'Password updated successfully',
  profileUpdated: 'Profile updated successfully',
  emailVerified: 'Your email is verified. You can log in now.',
  /** The link's first use signs the person in and lands on the dashboard. */
  emailVerifiedSignedIn: 'Your email is verified. Welcome!',
} as const;

/** A real 1×1 PNG for the avatar upload. */
export const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Opens the login panel from the public header's Login button. */
export async function openLoginDialog(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const login = dialog(page, 'Login');
  await login.waitFor();
  return login;
}

export async function submitLogin(login: Locator, email: string, password: string): Promise<void> {
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs in through the dialog and waits for the dashboard and its welcome line. */
export async function loginThroughDialog(page: Page, email: string, password: string): Promise<void> {
  const login = dialog(page, 'Login');
  if (!(await login.isVisible())) await openLoginDialog(page);
  await submitLogin(login, email, password);
  await page.waitForURL('**/dashboard');
  await page.getByText(/^Welcome, /).waitFor();
}

export async function chooseFromAccountMenu(
  page: Page,
  item: 'Dashboard' | 'Team' | 'Integrations' | 'Profile' | 'Logout',
): Promise<void> {
  const trigger = page.getByRole('button', { name: /^Account menu for / });
  const entry = page.getByRole('menuitem', { name: item });
  for (let attempt = 1; ; attempt++) {
    if (!(await entry.isVisible())) await trigger.click();
    await entry.click();
    // On a loaded machine a click that lands while the menu is still opening is dropped and the menu stays open
    // (seen in a fresh-clone run): a person would click again, and so does this step.
    try {
      await entry.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10000 });
}

/** Opens the mailed link for the first time: it signs the person in and lands on the dashboard. */
export async function openVerificationLink(page: Page, mail: CapturedMail): Promise<void> {
  await page.goto(verificationLinkIn(mail));
  await expectToast(page, TEXTS.emailVerifiedSignedIn);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByText(/^Welcome, /).waitFor();
}

export function verificationLinkIn(mail: CapturedMail): string {
  const link = /(https?:\/\/\S+\/api\/v1\/user\/verify-email\?token=[\w.%-]+)/.exec(mail.text)?.[1];
  assert.ok(link, `no verification link in: ${mail.text}`);
  return link;
}

export function otpIn(mail: CapturedMail): string {
  const code = /reset code is:?\s*(\d{6})/.exec(mail.text)?.[1];
  assert.ok(code, `no OTP in: ${mail.text}`);
  return code;
}

export const uniqueEmail = (label: string): string =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Before a screenshot: let open/close animations finish and, if asked, dismiss toasts covering the header. */
export async function settle(page: Page, opts: { dismissToasts?: boolean } = {}): Promise<void> {
  if (opts.dismissToasts) {
    for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) {
      await close.click().catch(() => undefined);
    }
  }
  // Spinners loop forever, so only finite animations are waited for, and never longer than 3 s.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}
