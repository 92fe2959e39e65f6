// `pnpm --filter @cx/api rollups:rebuild [--check] [--owner <id>]`: recounts the rollups from raw ratings and events.
import { connectDatabase } from '../lib/db';
import { rebuildRollups } from '../modules/analytics/rollup.rebuild';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const ownerAt = args.indexOf('--owner');
  const business = ownerAt >= 0 ? args[ownerAt + 1] : undefined;
  const db = await connectDatabase();
  try {
    const report = await rebuildRollups({ check, business });
    for (const key of report.examples) console.log(`differs: ${key}`);
    console.log(
      `${report.rows} rollup rows compared, ${report.differences} differed` +
        (check ? ' (check only, nothing changed)' : `, ${report.fixed} fixed`),
    );
    // Rows that live submits changed while they were recounted are left as they are (never overwritten).
    if (report.changedMeanwhile) console.log(`${report.changedMeanwhile} rows changed meanwhile: run again`);
    return check && report.differences > 0 ? 2 : 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
