// `pnpm --filter @cx/api insight:rebuild [--owner <id>] [--discover]`: re-analyses every comment, recounts themes.
import { connectDatabase } from '../lib/db';
import { discoverAll, discoverForBusiness } from '../modules/insight/discovery.job';
import { rebuildInsight } from '../modules/insight/insight.rebuild';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const ownerAt = args.indexOf('--owner');
  const business = ownerAt >= 0 ? args[ownerAt + 1] : undefined;
  const db = await connectDatabase();
  try {
    // --discover: look for new recurring phrases first, so the rebuild matches comments against them too
    if (args.includes('--discover')) {
      const added = business ? await discoverForBusiness(business) : (await discoverAll()).added;
      console.log(`${added} new themes discovered`);
    }
    const started = Date.now();
    const report = await rebuildInsight({ business });
    console.log(
      `${report.comments} comments of ${report.businesses} businesses analysed, ${report.shoutOuts} shout-outs, ` +
        `${report.rows} theme rollup rows written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
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
