// Shared pieces of the users tests: app + mailbox setup, unique sign-up bodies, 400 field messages, OTPs and links in mail.
import type { Express } from 'express';
import type { Response } from 'supertest';
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { useMailbox, type CapturedMail } from '../helpers/mailbox';

/** A test database, captured mail and the app; every test starts with fresh rate limits and an empty mailbox. */
export function setupUsersApp() {
  setupTestDb();
  const mailbox = useMailbox();
  const app = createApp();
  beforeEach(() => {
    resetRateLimits();
    mailbox.clear();
  });
  return { app, mailbox };
}

/** POSTs a body the contract refuses (asserting the 400) and answers the messages given for one field. */
export async function refusedFieldMessages(
  app: Express,
  path: string,
  body: Record<string, unknown>,
  field: string,
): Promise<unknown> {
  const res = await request(app).post(path).send(body).expect(400);
  return res.body.fieldErrors[field];
}

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

export function loginCodeFrom(mail: CapturedMail): string {
  const code = /sign-in code is:?\s*(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no sign-in code in mail: ${mail.text}`);
  return code;
}

/** A code guaranteed to differ from the right one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export function verificationLinkFrom(mail: CapturedMail): URL {
  const href = /(https?:\/\/\S+\/api\/v1\/user\/verify-email\?token=[\w.%-]+)/.exec(mail.text)?.[1];
  if (!href) throw new Error(`no verification link in mail: ${mail.text}`);
  return new URL(href);
}

/** The path + query a supertest request needs from an absolute link. */
export const pathOf = (url: URL): string => `${url.pathname}${url.search}`;

/** The known-device cookie a login answer set for the account: the Cookie header to send back, its value and flags. */
export function deviceCookieFrom(
  res: Response,
  userId: string,
): { cookie: string; token: string; flags: string } {
  const name = `cx_device_${userId}`;
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!raw) throw new Error(`no ${name} cookie in: ${JSON.stringify(res.headers['set-cookie'])}`);
  const [pair = '', ...flags] = raw.split(';').map((part) => part.trim());
  return { cookie: pair, token: pair.slice(name.length + 1), flags: flags.join('; ') };
}
