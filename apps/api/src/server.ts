// Runs the API: resolves MongoDB, seeds demo data in development, listens, and drains gracefully on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import { env } from './config/env';
import { createApp } from './app';
import { countRequests, drainBackground, track } from './lib/background';
import { connectDatabase } from './lib/db';
import { logger } from './lib/logger';
import { closeMailer } from './lib/mailer';
import { closeRedis } from './lib/redis';
import { attachRealtime, closeRealtime, realtimeOrigins } from './lib/realtime';
import { startApiJobs } from './jobs/registry';
import { drainPending } from './modules/feedback/pipeline.drain';
import { maybeSeedDemo } from './seed/seed';

async function main(): Promise<void> {
  const db = await connectDatabase();
  await maybeSeedDemo(env.SEED_DEMO, env.NODE_ENV);
  const app = createApp();
  const server = createServer(app);
  const requestsDone = countRequests(server);
  // Socket.IO on the same port (Redis fan-out when REDIS_URL is set); scheduled work locked in MongoDB.
  attachRealtime(server, realtimeOrigins());
  // The drain job always runs in API instances (it owns the pushes); the other jobs only when JOBS=inline.
  const scheduler = await startApiJobs();
  // Work a crashed or killed instance left owed is applied now, not at the drain job's next turn.
  track(drainPending(), 'startup drain');

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
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    // No new connections; requests in flight finish, then the derived work and mails they started (tracked), while
    // sockets are still open for their pushes; then Socket.IO (sockets and the HTTP server), Redis, SMTP, MongoDB.
    void (async () => {
      server.close();
      server.closeIdleConnections();
      await scheduler.stop();
      await requestsDone(10_000);
      const left = await drainBackground(12_000);
      if (left) logger.error({ left }, 'shutdown: background work still running; the drain job finishes it');
      await closeRealtime();
      await closeRedis().catch((err: unknown) => logger.warn({ err }, 'error closing redis'));
      closeMailer();
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
