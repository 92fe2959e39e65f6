// Starts everything a browser run needs (mail listener, MongoDB, API, web preview, Chromium) and tears it down.
import { chromium, type Browser } from 'playwright-core';
import { MongoClient, type Db } from 'mongodb';
import { obtainChromium } from '../../../scripts/prereqs/chromium.mjs';
import { startMailbox, type Mailbox } from './mailbox';
import { startStack, type Stack } from './servers';

/**
 * Chromium features to switch off. Playwright passes its own --disable-features list and a second one replaces it, so
 * this repeats Playwright's (playwright-core 1.65) and adds the desktop browser's own WebUI: a new headless window
 * otherwise loads the omnibox popup's ~200 chrome:// modules in the background during the page load being measured,
 * on a 2-core machine, which no phone scanning a QR code does (it moved the QR bench's figures by up to 500 ms).
 */
const DISABLED_FEATURES = [
  // Playwright's
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // the browser's own UI, preloaded in the background
  'WebUIOmniboxPopup',
  'PreloadTopChromeWebUI',
];

export const CHROMIUM_ARGS = [
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, a browser already on the machine, or Debian's package installed with apt (scripts/prereqs). */
export function chromiumPath(): string {
  const result = obtainChromium();
  if (!result.path) throw new Error(result.error);
  return result.path;
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
  try {
    const stack = await startStack({ smtpPort: mail.port });
    try {
      const client = await MongoClient.connect(stack.mongoUri);
      try {
        const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
        try {
          return await fn({ stack, browser, mailbox: mail.mailbox, db: client.db(stack.dbName) });
        } finally {
          await browser.close().catch(() => undefined);
        }
      } finally {
        await client.close().catch(() => undefined);
      }
    } finally {
      await stack.stop();
    }
  } finally {
    await mail.stop();
  }
}
