// Lighthouse 12 (mobile profile, simulated throttling) in Debian Chromium against `vite preview`: /, /dashboard signed
// in as the demo owner, and /rate-staff; prints performance, accessibility, best practices, LCP and TBT for each.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import type { JourneyContext } from '../harness';
import { CHROMIUM_ARGS, chromiumPath } from '../stack-session';

/** Lighthouse's remote-debugging port for its own Chromium (playwright keeps the pipe for seeding storage). */
const PORT = 9339;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): a target is tried this often. */
const ATTEMPTS = 3;
/** Where each target's whole Lighthouse report (JSON) is written, if set: to read `bootup-time` and friends. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** Only the targets whose label contains this (e.g. `LIGHTHOUSE_ONLY=/dashboard`), if set. */
const ONLY = process.env.LIGHTHOUSE_ONLY;

type TLhr = {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
  runtimeError?: { code: string; message: string };
};

type TTarget = { label: string; path: string; signedIn: boolean };

const score = (lhr: TLhr, key: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[key].score ?? 0) * 100);
const ms = (lhr: TLhr, audit: string) => `${Math.round(lhr.audits[audit]?.numericValue ?? NaN)} ms`;

/** Script bytes transferred, from Lighthouse's own resource summary. */
function scriptKb(lhr: TLhr): string {
  const row = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return row ? `${(Number(row.transferSize) / 1024).toFixed(1)} kB in ${String(row.requestCount)} files` : 'n/a';
}

async function demoSession(apiUrl: string, demo: { email: string; password: string }) {
  const res = await fetch(`${apiUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: unknown };
  return { token: body.token, user: JSON.stringify(body.user) };
}

/** The demo owner's session in localStorage, as the login dialog leaves it, and an empty HTTP cache. */
async function signIn(browser: BrowserContext, ctx: JourneyContext) {
  const session = await demoSession(ctx.apiUrl, ctx.demo);
  const page = await browser.newPage();
  // A same-origin file that loads no script, so nothing of the app is cached by the visit.
  await page.goto(`${ctx.webUrl}/favicon.svg`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
  }, session);
  const cdp = await browser.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

export async function run(ctx: JourneyContext): Promise<void> {
  const store = await ctx.db.collection('stores').findOne({ deletedAt: null }, { sort: { createdAt: 1 } });
  if (!store) throw new Error('lighthouse bench needs a store (the e2e stack seeds the demo business)');
  // Visitors first, each with Lighthouse's storage and cache reset; then the demo owner's token is put in storage and
  // the HTTP cache cleared by hand, since that run keeps storage (the token) and with it the cache.
  const targets: TTarget[] = [
    { label: '/', path: '/', signedIn: false },
    { label: '/rate-staff', path: `/rate-staff?store=${String(store._id)}`, signedIn: false },
    { label: '/dashboard (demo owner)', path: '/dashboard', signedIn: true },
  ];
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: TLhr } | undefined>;
  };
  const profile = mkdtempSync(join(tmpdir(), 'cx-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
  });
  try {
    console.log('Lighthouse 12, mobile profile (simulated 150 ms RTT, 1.6 Mbit/s, 4x CPU slowdown), one run each:');
    const failed: string[] = [];
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (const target of targets.filter((t) => !ONLY || t.label.includes(ONLY))) {
      if (target.signedIn) await signIn(browser, ctx);
      let lhr: TLhr | undefined;
      for (let attempt = 1; attempt <= ATTEMPTS && !lhr; attempt++) {
        const result = await lighthouse(`${ctx.webUrl}${target.path}`, {
          port: PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: target.signedIn,
        });
        const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
        if (!error) lhr = result!.lhr;
        else console.log(`${target.label.padEnd(24)} attempt ${attempt}/${ATTEMPTS} failed: ${error.code}`);
      }
      if (!lhr) {
        failed.push(target.label);
        continue;
      }
      if (REPORT_DIR)
        writeFileSync(join(REPORT_DIR, `${target.label.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(lhr));
      console.log(
        `${target.label.padEnd(24)} performance ${score(lhr, 'performance')}, accessibility ${score(lhr, 'accessibility')}, ` +
          `best practices ${score(lhr, 'best-practices')}, FCP ${ms(lhr, 'first-contentful-paint')}, ` +
          `LCP ${ms(lhr, 'largest-contentful-paint')}, TBT ${ms(lhr, 'total-blocking-time')}, script ${scriptKb(lhr)}`,
      );
    }
    if (failed.length > 0) throw new Error(`Lighthouse could not measure ${failed.join(', ')}`);
  } finally {
    await browser.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}
