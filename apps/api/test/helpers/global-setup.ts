// Jest global setup: starts one MongoDB for the whole run through the project's resolver; workers get their own db.
import { startMongo } from '@cx/local-mongo';

export default async function globalSetup(): Promise<void> {
  const started = await startMongo({ log: (line) => process.stdout.write(`${line}\n`) });
  process.env.CX_TEST_MONGO_URI = started.uri;
  (globalThis as { __cxMongoStop?: () => Promise<void> }).__cxMongoStop = started.stop;
}
