// Runs every browser journey against the real stack in Debian Chromium; prints one line each and a total.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { makeContext, type Journey } from './harness';
import { REPO_ROOT } from './servers';
import { withStackSession } from './stack-session';

async function loadJourneys(filter: string | undefined): Promise<Journey[]> {
  const dir = join(__dirname, 'journeys');
  const files = readdirSync(dir)
    .filter((f) => /\.journey\.ts$/.test(f))
    .sort();
  const journeys: Journey[] = [];
  for (const f of files) {
    const mod = (await import(join(dir, f))) as { journey?: Journey };
    if (!mod.journey) throw new Error(`${f} does not export "journey"`);
    if (!filter || mod.journey.name.includes(filter)) journeys.push(mod.journey);
  }
  return journeys;
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const journeys = await loadJourneys(filter);
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
    writeFileSync(join(dir, 'e2e.json'), JSON.stringify({ suite: 'e2e', passed, failed, skipped: 0 }) + '\n');
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
