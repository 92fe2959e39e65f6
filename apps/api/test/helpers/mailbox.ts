// A real SMTP listener for API tests: the mailer delivers to it and tests read verification links and OTPs back.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { env } from '../../src/config/env';

export interface CapturedMail {
  to: string[];
  subject: string;
  /** Every text part decoded and joined (plain and HTML). */
  text: string;
  raw: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Small MIME reader, enough for what nodemailer sends (multipart/alternative with QP or base64 parts). */
export function parseMail(rawInput: string): { subject: string; text: string } {
  const raw = rawInput.replace(/\r\n/g, '\n');
  const headEnd = raw.indexOf('\n\n');
  const head = raw.slice(0, headEnd).replace(/\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(head)?.[1] ?? '');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(head)?.[1];
  const parts = boundary ? raw.slice(headEnd + 2).split(`--${boundary}`) : [raw];
  const texts = parts.map((part) => {
    const split = part.replace(/^\n/, '').indexOf('\n\n');
    const body = part.replace(/^\n/, '');
    const partHead = split >= 0 ? body.slice(0, split) : '';
    const content = split >= 0 ? body.slice(split + 2) : body;
    // a mail with attachments nests its text and HTML in a multipart/alternative part; attachments are left out
    if (/content-type:\s*multipart\//i.test(partHead)) return parseMail(body).text;
    if (/content-disposition:\s*attachment/i.test(partHead)) return '';
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(partHead)?.[1]?.toLowerCase();
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(content);
    if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    return content;
  });
  return { subject, text: texts.join('\n') };
}

export interface Mailbox {
  mails: CapturedMail[];
  waitFor(to: string, predicate?: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
}

/** Starts the listener for this test file and points the API's mailer (env.SMTP_URL) at it. */
export function useMailbox(): Mailbox {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { subject, text } = parseMail(raw);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text, raw });
        callback();
      });
    },
  });
  let previousUrl: string | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
    previousUrl = env.SMTP_URL;
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    env.SMTP_URL = previousUrl;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    mails,
    clear: () => mails.splice(0, mails.length),
    async waitFor(to, predicate = () => true, timeoutMs = 5000) {
      const want = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = [...mails].reverse().find((m) => m.to.includes(want) && predicate(m));
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(
        `No mail to ${to} within ${timeoutMs} ms (got: ${mails.map((m) => m.subject).join(', ') || 'none'})`,
      );
    },
  };
}

/** Lets background sends finish, then says whether anything reached the address (for "no mail" assertions). */
export async function settleMail(): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
}
