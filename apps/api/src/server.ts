// Runs the API: resolves MongoDB, seeds demo data in development, listens, and drains gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import { env } from './config/env';
import { createApp } from './app';
import { connectDatabase } from './lib/db';
import { logger } from './lib/logger';
import { maybeSeedDemo } from './seed/seed';

async function main(): Promise<void> {
  const db = await connectDatabase();
  await maybeSeedDemo(env.SEED_DEMO, env.NODE_ENV);
  const app = createApp();
  const server = createServer(app);

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  logger.info({ port: env.PORT, backend: db.backend }, 'API listening');
  console.log(`API ready on ${env.PUBLIC_API_URL} (MongoDB backend: ${db.backend})`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10000);
    force.unref();
    server.close(async () => {
      await db.close().catch((err: unknown) => logger.error({ err }, 'error closing database'));
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'API failed to start');
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
