// `pnpm --filter @cx/api bench`: runs every bench/*.bench.ts in turn; each prints its own figures and ratios.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
    .sort();
  if (files.length === 0) {
    console.log('no API benchmarks found');
    return;
  }
  // A bench that fails does not stop the others (each starts its own database): every broken one shows in one run.
  const failed: string[] = [];
  for (const f of files) {
    const mod = (await import(join(__dirname, f))) as { run?: () => Promise<void> };
    if (typeof mod.run !== 'function') throw new Error(`${f} must export run()`);
    console.log(`\n== ${f}`);
    try {
      await mod.run();
    } catch (err) {
      console.error(err);
      failed.push(f);
      await mongoose.disconnect().catch(() => undefined);
    }
  }
  if (failed.length > 0) throw new Error(`failed: ${failed.join(', ')}`);
}

main().then(
  // A bench may fail by setting process.exitCode (abuse does when an honest phone is flagged).
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
