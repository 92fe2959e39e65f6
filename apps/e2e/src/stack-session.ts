// Starts everything a browser run needs (mail listener, MongoDB, API, web preview, Chromium) and tears it down.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { MongoClient, type Db } from 'mongodb';
import { startMailbox, type Mailbox } from './mailbox';
import { startStack, type Stack } from './servers';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

export interface StackSession {
  stack: Stack;
  browser: Browser;
  mailbox: Mailbox;
  db: Db;
}

export async function withStackSession<T>(fn: (s: StackSession) => Promise<T>): Promise<T> {
  const executablePath = chromiumPath();
  const mail = await startMailbox();
  const stack = await startStack({ smtpPort: mail.port });
  const client = await MongoClient.connect(stack.mongoUri);
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    return await fn({ stack, browser, mailbox: mail.mailbox, db: client.db(stack.dbName) });
  } finally {
    await browser.close().catch(() => undefined);
    await client.close().catch(() => undefined);
    await stack.stop();
    await mail.stop();
  }
}
