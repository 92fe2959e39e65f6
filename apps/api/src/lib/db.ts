// Connects mongoose to the MongoDB the resolver picks (MONGODB_URI, memory server, or the offline engine).
import mongoose from 'mongoose';
import { startMongo, type MongoBackend } from '@cx/local-mongo';
import { env } from '../config/env';
import { logger } from './logger';

export interface Database {
  backend: MongoBackend;
  uri: string;
  close(): Promise<void>;
}

let currentBackend: MongoBackend | undefined;
export const mongoBackend = (): MongoBackend | undefined => currentBackend;

/** Appends the database name unless the URI already names one. */
export function withDbName(uri: string, dbName: string): string {
  const url = new URL(uri);
  if (url.pathname && url.pathname !== '/') return uri;
  url.pathname = `/${dbName}`;
  return url.toString();
}

export async function connectDatabase(dbName = env.MONGODB_DB): Promise<Database> {
  const started = await startMongo({
    env: { MONGODB_URI: env.MONGODB_URI },
    log: (line) => logger.info(line),
  });
  const uri = withDbName(started.uri, dbName);
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
