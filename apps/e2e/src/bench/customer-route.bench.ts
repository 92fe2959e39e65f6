// The QR landing page (/rate-staff?store=) in Chromium: its JavaScript size (gzip) and time to interactive on slow 4G.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { JourneyContext } from '../harness';

/** Lighthouse's mobile "slow 4G" (DevTools throttling constants) and its 4x CPU slowdown. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const RUNS = 3;
const PHONE = { width: 390, height: 844 };

interface LoadFigures {
  scripts: Array<{ url: string; bytes: number; gzip: number }>;
  contentReadyMs: number;
  ttiMs: number;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Counts long tasks from the very start of the page, so TTI can be read after the content is ready. */
const LONG_TASK_OBSERVER = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

async function measure(ctx: JourneyContext, path: string, throttle: boolean): Promise<LoadFigures> {
  const page: Page = await ctx.newPage(PHONE);
  const scripts: LoadFigures['scripts'] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, bytes: body.length, gzip: gzipSync(body).length });
  });
  await page.addInitScript(LONG_TASK_OBSERVER);
  if (throttle) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  await page.goto(path, { waitUntil: 'commit' });
  // Interactive content: the first staff card a customer can tap.
  await page
    .getByRole('link', { name: /^Rate / })
    .first()
    .waitFor({ timeout: 120_000 });
  const contentReadyMs = await page.evaluate(() => performance.now());
  // Lighthouse-style: interactive once no long task (>50 ms) has run for a quiet window after the content is ready.
  const ttiMs = await page.evaluate(async (ready) => {
    const quietMs = 1000;
    const w = window as unknown as { __longTasks: number[] };
    for (;;) {
      const lastEnd = Math.max(ready, ...w.__longTasks);
      if (performance.now() - lastEnd >= quietMs) return lastEnd;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, contentReadyMs);
  await page.waitForLoadState('networkidle');
  await page.context().close();
  return { scripts, contentReadyMs, ttiMs };
}

export async function run(ctx: JourneyContext): Promise<void> {
  const store = await ctx.db.collection('stores').findOne({ deletedAt: null }, { sort: { createdAt: 1 } });
  if (!store) throw new Error('customer-route bench needs a store (the e2e stack seeds the demo business)');
  const path = `/rate-staff?store=${String(store._id)}`;

  const unthrottled = await measure(ctx, path, false);
  const total = unthrottled.scripts.reduce((s, x) => s + x.gzip, 0);
  const raw = unthrottled.scripts.reduce((s, x) => s + x.bytes, 0);
  console.log(`customer route ${path.replace(/=.*/, '=<id>')}: ${unthrottled.scripts.length} scripts`);
  for (const s of [...unthrottled.scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${s.url.padEnd(48)} ${kb(s.bytes).padStart(10)}  gzip ${kb(s.gzip).padStart(9)}`);
  }
  console.log(`  JS total: ${kb(raw)}, gzip ${kb(total)}`);
  const dashboardLoaded = unthrottled.scripts.filter((s) =>
    /\/(business|AuthDialog|SelectStoreDialog|ProfileDialog)-/.test(s.url),
  );
  console.log(
    `  dashboard/auth chunks loaded: ${dashboardLoaded.length ? dashboardLoaded.map((s) => s.url).join(', ') : 'none'}`,
  );

  const runs: LoadFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(ctx, path, true));
  console.log(
    `slow 4G (${SLOW_4G.latency} ms RTT, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbps down) + ${CPU_SLOWDOWN}x CPU, ` +
      `median of ${RUNS} cold loads: staff cards at ${median(runs.map((r) => r.contentReadyMs)).toFixed(0)} ms, ` +
      `time to interactive ${median(runs.map((r) => r.ttiMs)).toFixed(0)} ms`,
  );
}
