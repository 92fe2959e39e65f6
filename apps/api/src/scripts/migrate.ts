// `pnpm --filter @cx/api migrate`: brings a database written before Teams and Areas to today's shape and drops retired indexes (idempotent).
import mongoose from 'mongoose';
import { startMongo } from '@cx/local-mongo';
import { env } from '../config/env';
import { withDbName } from '../lib/db';
import { migrateToAreas } from './migrate-areas';
import { migrateToBusinesses } from './migrate-teams';
import { dropRetiredIndexes } from './retired-indexes';

async function main(): Promise<number> {
  const started = await startMongo({
    env: { MONGODB_URI: env.MONGODB_URI },
    log: (line) => console.log(line),
  });
  const uri =
    env.MONGODB_URI && started.backend === 'uri'
      ? withDbName(env.MONGODB_URI, env.MONGODB_DB)
      : withDbName(started.uri, env.MONGODB_DB);
  // No automatic index builds: the new unique `business` indexes must wait until the records carry `business`.
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10000, autoIndex: false });
  try {
    const counts = await migrateToBusinesses();
    console.log(
      `${counts.businesses} businesses and ${counts.memberships} owner memberships created, ${counts.users} users ` +
        `updated, ${counts.assignedToUser} notifications/rules given their member, ${counts.indexesDropped} old indexes dropped`,
    );
    for (const [collection, n] of Object.entries(counts.renamed))
      console.log(`  ${collection}: ${n} records now keyed by business`);
    const areas = await migrateToAreas();
    console.log(`${areas.rootAreas} top areas created, ${areas.storesPlaced} stores placed under them`);
    const retired = await dropRetiredIndexes(mongoose.connection.db!);
    console.log(`${retired} retired indexes dropped`);
    const changes = counts.changes + areas.changes + retired;
    console.log(
      changes === 0
        ? 'Nothing to migrate: the database is already in the current shape.'
        : `${changes} changes in all.`,
    );
    return 0;
  } finally {
    await mongoose.disconnect();
    await started.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
