// `pnpm --filter @cx/api bench`: runs every bench/*.bench.ts in turn; each prints its own figures and ratios.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
    .sort();
  if (files.length === 0) {
    console.log('no API benchmarks found');
    return;
  }
  for (const f of files) {
    const mod = (await import(join(__dirname, f))) as { run?: () => Promise<void> };
    if (typeof mod.run !== 'function') throw new Error(`${f} must export run()`);
    console.log(`\n== ${f}`);
    await mod.run();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
