// Runs the API: resolves MongoDB, seeds demo data in development, listens, and drains gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import { env } from './config/env';
import { createApp } from './app';
import { connectDatabase } from './lib/db';
import { logger } from './lib/logger';
import { attachRealtime, closeRealtime, realtimeOrigins } from './lib/realtime';
import { startInlineJobs } from './jobs/registry';
import { maybeSeedDemo } from './seed/seed';

async function main(): Promise<void> {
  const db = await connectDatabase();
  await maybeSeedDemo(env.SEED_DEMO, env.NODE_ENV);
  const app = createApp();
  const server = createServer(app);
  // Socket.IO on the same port (Redis fan-out when REDIS_URL is set); scheduled work here only when JOBS=inline.
  attachRealtime(server, realtimeOrigins());
  const scheduler = await startInlineJobs();

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const bound = server.address();
  const port = typeof bound === 'object' && bound ? bound.port : env.PORT;
  logger.info({ port, backend: db.backend }, 'API listening');
  // The bound port is printed so PORT=0 (any free port) is usable by a parent process that must find it.
  console.log(`API ready on ${env.PUBLIC_API_URL} (port ${port}, MongoDB backend: ${db.backend})`);

  let stopping = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10000);
    force.unref();
    // Closing Socket.IO disconnects every socket and then closes the HTTP server (draining requests).
    void (async () => {
      await scheduler.stop();
      server.closeIdleConnections();
      await closeRealtime();
      await db.close().catch((err: unknown) => logger.error({ err }, 'error closing database'));
      process.exit(exitCode);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Last resort only (requests, streams and jobs handle their own failures): the process state is unknown, so log it
  // and drain and exit non-zero for the supervisor to restart, rather than serve on or die mid-response.
  const fatal = (kind: string) => (err: unknown) => {
    logger.fatal({ err }, kind);
    shutdown(kind, 1);
  };
  process.on('uncaughtException', fatal('uncaughtException'));
  process.on('unhandledRejection', fatal('unhandledRejection'));
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'API failed to start');
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
