#!/usr/bin/env node
// `pnpm --filter @cx/local-mongo serve`: runs the offline engine as a standalone process so other suites can use MONGODB_URI.
import { startOfflineEngine } from './server';

function portFromArgs(argv: string[]): number {
  const i = argv.indexOf('--port');
  const fromFlag = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--port='))?.slice('--port='.length);
  const raw = fromFlag ?? process.env.PORT ?? '27017';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${raw}`);
  return port;
}

async function main(): Promise<void> {
  const hostIdx = process.argv.indexOf('--host');
  const host = hostIdx >= 0 ? process.argv[hostIdx + 1] : undefined;
  const engine = await startOfflineEngine({ port: portFromArgs(process.argv), host: host ?? '127.0.0.1' });
  console.log(engine.uri);
  const shutdown = (): void => {
    void engine.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // the engine's own timers are unref'd; keep the process alive until a signal arrives
  setInterval(() => undefined, 1 << 30);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
