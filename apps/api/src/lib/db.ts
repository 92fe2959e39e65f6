// Connects mongoose to the MongoDB the resolver picks (MONGODB_URI, memory server, or the offline engine).
import mongoose from 'mongoose';
import type { MongoBackend } from '@cx/local-mongo';
import { env } from '../config/env';
import { logger } from './logger';

export interface Database {
  backend: MongoBackend;
  uri: string;
  close(): Promise<void>;
}

let currentBackend: MongoBackend | undefined;
export const mongoBackend = (): MongoBackend | undefined => currentBackend;

const URI_PARTS = /^(mongodb(?:\+srv)?:\/\/[^/?]+)\/?([^?]*)(\?.*)?$/;

/** Appends the database name unless the URI already names one (works for multi-host and +srv URIs). */
export function withDbName(uri: string, dbName: string): string {
  const m = URI_PARTS.exec(uri);
  if (!m) throw new Error('MONGODB_URI is not a mongodb:// or mongodb+srv:// connection string');
  if (m[2]) return uri;
  return `${m[1]}/${dbName}${m[3] ?? ''}`;
}

export async function connectDatabase(dbName = env.MONGODB_DB): Promise<Database> {
  // Loaded when a database is opened, not with the app: each API test file builds the app but connects on its own.
  const { startMongo } = await import('@cx/local-mongo');
  const started = await startMongo({
    env: { MONGODB_URI: env.MONGODB_URI },
    log: (line) => logger.info(line),
  });
  // A database named in MONGODB_URI wins over MONGODB_DB (the resolver hands back the URI without it).
  const uri =
    env.MONGODB_URI && started.backend === 'uri'
      ? withDbName(env.MONGODB_URI, dbName)
      : withDbName(started.uri, dbName);
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 10000, autoIndex: true });
  currentBackend = started.backend;
  return {
    backend: started.backend,
    uri,
    async close() {
      await mongoose.disconnect();
      await started.stop();
      currentBackend = undefined;
    },
  };
}
