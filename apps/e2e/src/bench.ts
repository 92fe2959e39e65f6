// `pnpm --filter @cx/e2e bench [name]`: browser-side benchmarks (src/bench/*.bench.ts, or those whose file name contains
// `name`, e.g. `lighthouse`) against the real built stack.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { makeContext, type JourneyContext } from './harness';
import { withStackSession } from './stack-session';

async function main(): Promise<void> {
  const dir = join(__dirname, 'bench');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts') && f.includes(process.argv[2] ?? ''))
    .sort();
  await withStackSession(async ({ stack, browser, mailbox, db }) => {
    for (const f of files) {
      const mod = (await import(join(dir, f))) as { run?: (ctx: JourneyContext) => Promise<void> };
      if (typeof mod.run !== 'function') throw new Error(`${f} must export run(ctx)`);
      const contexts: BrowserContext[] = [];
      console.log(`\n== ${f}`);
      try {
        await mod.run(
          makeContext({
            journey: f,
            browser,
            webUrl: stack.webUrl,
            apiUrl: stack.apiUrl,
            mailbox,
            db,
            contexts,
          }),
        );
      } finally {
        await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      }
    }
  });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
