// A real SMTP listener that captures the API's mail so journeys can read verification links and OTPs.
import type { Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files (a scheduled report's PDF). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailbox {
  all(): CapturedMail[];
  waitFor(to: string, predicate?: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
}

export async function startMailbox(): Promise<{ port: number; mailbox: Mailbox; stop(): Promise<void> }> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          mails.push({
            to: rcpt,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = (server as unknown as { server: Server }).server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    });
  });
  const mailbox: Mailbox = {
    all: () => [...mails],
    async waitFor(to, predicate = () => true, timeoutMs = 15000) {
      const deadline = Date.now() + timeoutMs;
      const want = to.toLowerCase();
      while (Date.now() < deadline) {
        const hit = [...mails].reverse().find((m) => m.to.includes(want) && predicate(m));
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(
        `No mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => m.subject).join(', ')})`,
      );
    },
  };
  return { port, mailbox, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
