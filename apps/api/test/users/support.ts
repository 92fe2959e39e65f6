// Shared pieces of the users tests: unique sign-up bodies and reading OTPs and links out of captured mail.
import type { CapturedMail } from '../helpers/mailbox';

let n = 0;
export function signupBody(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    fullname: `Ada Lovelace${n}`,
    email: `ada${n}.${Date.now()}@example.com`,
    password: 'CorrectHorse1',
    timeZone: 'Europe/London',
    ...overrides,
  };
}

export function otpFrom(mail: CapturedMail): string {
  const code = /reset code is:?\s*(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no OTP in mail: ${mail.text}`);
  return code;
}

export function verificationLinkFrom(mail: CapturedMail): URL {
  const href = /(https?:\/\/\S+\/api\/v1\/user\/verify-email\?token=[\w.%-]+)/.exec(mail.text)?.[1];
  if (!href) throw new Error(`no verification link in mail: ${mail.text}`);
  return new URL(href);
}

/** The path + query a supertest request needs from an absolute link. */
export const pathOf = (url: URL): string => `${url.pathname}${url.search}`;
