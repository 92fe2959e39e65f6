// Scheduled jobs and webhook delivery in their own process (`node dist/worker.js`); API instances run JOBS=off.
import { env } from './config/env';
import { scheduledJobs, startWebhookDelivery } from './jobs/registry';
import { connectDatabase } from './lib/db';
import { logger } from './lib/logger';
import { startScheduler } from './lib/scheduler';

/** How long SIGTERM waits for a running job to finish (compose gives the worker a longer stop_grace_period). */
const DRAIN_MS = 50_000;

async function main(): Promise<void> {
  // Without MONGODB_URI the resolver would start a private engine: the worker would run jobs on an empty database.
  if (!env.MONGODB_URI) throw new Error('The jobs worker needs MONGODB_URI (the database the API uses)');
  const db = await connectDatabase();
  const jobs = scheduledJobs();
  const scheduler = await startScheduler(jobs, { name: `worker-${process.pid}` });
  const webhooks = startWebhookDelivery();
  logger.info(
    { jobs: jobs.map((j) => j.name), backend: db.backend },
    'jobs worker running (and webhook delivery)',
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'jobs worker draining');
    const force = setTimeout(() => process.exit(1), DRAIN_MS + 5_000);
    force.unref();
    void (async () => {
      await Promise.all([scheduler.stop(DRAIN_MS), webhooks.stop()]);
      await db.close().catch((err: unknown) => logger.error({ err }, 'error closing database'));
      process.exit(0);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'jobs worker failed to start');
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
