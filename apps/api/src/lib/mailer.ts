// Outgoing mail over SMTP (SMTP_URL); without it, development logs each mail's links and codes instead of sending.
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../config/env';
import { track } from './background';
import { logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What a developer needs from the mail when it is only logged: links and codes (development only). */
  devPreview: Record<string, string>;
  /** Files sent with the mail (a scheduled report's PDF). */
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** The From display name (a business writing to its customer); the address stays MAIL_FROM's. */
  fromName?: string;
}

/** MAIL_FROM's address ("CX Journey <no-reply@cx.local>" → "no-reply@cx.local"). */
export const mailFromAddress = (from: string): string => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

let transport: { url: string; transporter: Transporter } | null = null;

/** Reads env.SMTP_URL at send time, so a test can point it at its own listener after start-up. */
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = { url, transporter: nodemailer.createTransport(url) };
  }
  return transport.transporter;
}

/**
 * What to do with a mail when no SMTP server is configured. Production never logs contents:
 * an OTP or a verification link in a log line would hand the account to whoever reads the logs.
 */
export function unsentMailLog(
  mail: Mail,
  nodeEnv: typeof env.NODE_ENV,
): { level: 'info' | 'warn' | 'debug'; fields: object } {
  if (nodeEnv === 'development') {
    const attachments = mail.attachments?.length
      ? { attachments: mail.attachments.map((a) => a.filename) }
      : {};
    return {
      level: 'info',
      fields: { to: mail.to, subject: mail.subject, ...mail.devPreview, ...attachments },
    };
  }
  if (nodeEnv === 'production') return { level: 'warn', fields: { subject: mail.subject } };
  return { level: 'debug', fields: { subject: mail.subject } };
}

export async function sendMail(mail: Mail): Promise<void> {
  const url = env.SMTP_URL;
  if (!url) {
    const { level, fields } = unsentMailLog(mail, env.NODE_ENV);
    const files = level === 'info' ? (mail.attachments ?? []).map((a) => a.filename) : [];
    logger[level](
      fields,
      level === 'warn'
        ? 'SMTP_URL is not set: mail not sent'
        : `mail not sent (SMTP_URL unset)${files.length ? `; attached: ${files.join(', ')}` : ''}`,
    );
    return;
  }
  await transporterFor(url).sendMail({
    from: mail.fromName ? { name: mail.fromName, address: mailFromAddress(env.MAIL_FROM) } : env.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
          })),
        }
      : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
}

/**
 * The HTTP answer must not wait for SMTP, both for latency and so a known email does not answer measurably slower
 * than an unknown one (account enumeration by timing). The send is tracked, so a graceful shutdown waits for it.
 */
export function sendMailInBackground(mail: Mail): void {
  track(
    sendMail(mail).catch((err: unknown) => {
      logger.error(
        { err: err instanceof Error ? err.message : String(err), subject: mail.subject },
        'mail delivery failed',
      );
    }),
    'mail',
  );
}

/** Closes the SMTP transport's pooled connections (shutdown, after the tracked sends have finished). */
export function closeMailer(): void {
  transport?.transporter.close();
  transport = null;
}

/** Escapes text placed into mail HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
