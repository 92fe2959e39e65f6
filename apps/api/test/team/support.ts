// Shared pieces of the team tests: app, captured mail, and reading the invitation link out of a mail.
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { useMailbox, type CapturedMail, type Mailbox } from '../helpers/mailbox';

export function setupTeamApp(): { app: Express; mailbox: Mailbox } {
  setupTestDb();
  const mailbox = useMailbox();
  const app = createApp();
  beforeEach(() => {
    resetRateLimits();
    mailbox.clear();
  });
  return { app, mailbox };
}

/** The token of the accept-invitation link in a captured mail. */
export function inviteTokenFrom(mail: CapturedMail): string {
  const href = /(https?:\/\/\S+\/accept-invitation\?token=[\w%-]+)/.exec(mail.text)?.[1];
  if (!href) throw new Error(`no invitation link in mail: ${mail.text}`);
  return new URL(href).searchParams.get('token')!;
}

let n = 0;
export const newEmail = (who = 'sam') => `${who}${++n}.${Date.now()}@example.com`;

/** Invites through the API (as `auth`) and answers the token read from the mailed link. */
export async function inviteAndRead(
  app: Express,
  mailbox: Mailbox,
  auth: { Authorization: string },
  body: { email: string; role: string; stores?: string[]; areas?: string[] },
): Promise<{ token: string; invitationId: string }> {
  const res = await request(app).post('/api/v1/team/invitations').set(auth).send(body);
  if (res.status !== 201) throw new Error(`invite answered ${res.status}: ${JSON.stringify(res.body)}`);
  const mail = await mailbox.waitFor(body.email, (m) => m.subject.includes('invited you'));
  return { token: inviteTokenFrom(mail), invitationId: res.body.invitation._id as string };
}
