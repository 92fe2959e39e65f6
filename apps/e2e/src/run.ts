// Runs every browser journey against the real stack in Debian Chromium; prints one line each and a total.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { obtainNginx } from '../../../scripts/prereqs/nginx.mjs';
import { obtainPoppler } from '../../../scripts/prereqs/poppler.mjs';
import { makeContext, type Journey } from './harness';
import { arrange, describeOrder, orderFrom, type Order } from './journey-order';
import { REPO_ROOT } from './servers';
import { withStackSession } from './stack-session';

/** Every journey file, filtered by a word of its file name or journey name, in the order CX_E2E_ORDER asks for. */
async function loadJourneys(filter: string | undefined, order: Order): Promise<Journey[]> {
  const dir = join(__dirname, 'journeys');
  const files = readdirSync(dir)
    .filter((f) => /\.journey\.ts$/.test(f))
    .sort();
  const journeys: Journey[] = [];
  for (const f of files) {
    const mod = (await import(join(dir, f))) as { journey?: Journey };
    if (!mod.journey) throw new Error(`${f} does not export "journey"`);
    if (!filter || f.includes(filter) || mod.journey.name.includes(filter)) journeys.push(mod.journey);
  }
  if (journeys.length === 0) throw new Error(`no journey file or name matches "${filter}"`);
  return arrange(journeys, order);
}

/**
 * Installs what the chosen journeys need before anything starts: an apt run (synchronous, 30-40 s here) inside a
 * journey froze this process, and with it the in-process MongoDB the API reads, Playwright and the log pipes, and made
 * the first run after an install unlike every later one. Without the tool, the journey that needs it fails and says so.
 */
function obtainPrerequisites(journeys: readonly Journey[]): void {
  if (journeys.some((j) => j.needs?.includes('nginx'))) obtainNginx();
  if (journeys.some((j) => j.needs?.includes('poppler'))) obtainPoppler();
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const filter = process.argv[2];
  const order = orderFrom(process.env.CX_E2E_ORDER, process.env.CX_E2E_SEED);
  const journeys = await loadJourneys(filter, order);
  if (order.kind !== 'sorted') console.log(`  journeys ${describeOrder(order)}`);
  obtainPrerequisites(journeys);
  let passed = 0;
  let failed = 0;
  let ran = 0;
  const session = withStackSession(async ({ stack, browser, mailbox, db }) => {
    for (const journey of journeys) {
      const contexts: BrowserContext[] = [];
      const ctx = makeContext({
        journey: journey.name,
        browser,
        webUrl: stack.webUrl,
        apiUrl: stack.apiUrl,
        mailbox,
        db,
        contexts,
      });
      const started = Date.now();
      ran += 1;
      try {
        await journey.run(ctx);
        passed += 1;
        console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        console.log(
          `  ✗ ${journey.name} (${Date.now() - started} ms)\n    ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
        for (const c of contexts) {
          for (const [i, p] of c.pages().entries()) {
            await ctx.screenshot(p, `FAILED-${i}`, { axe: false }).catch(() => undefined);
          }
        }
        console.log(stack.logs.slice(-40).join('\n'));
      } finally {
        await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      }
    }
  });
  // A run that cannot start (no browser, a stack that fails to boot) counts every journey it did not run as failed.
  await session.catch((err: unknown) => {
    console.log(`  ✗ browser journeys could not run: ${err instanceof Error ? err.message : String(err)}`);
    failed += Math.max(1, journeys.length - ran);
  });
  const dir = process.env.CX_RESULTS_DIR ?? join(REPO_ROOT, 'test-output', 'results');
  mkdirSync(dir, { recursive: true });
  if (!filter)
    writeFileSync(join(dir, 'e2e.json'), JSON.stringify({ suite: 'e2e', passed, failed, skipped: 0, durationMs: Date.now() - startedAt }) + '\n');
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed > 0 || passed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
