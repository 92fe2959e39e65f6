// Scheduled work on agenda (MongoDB-backed, maintained): each run is locked in MongoDB, so N instances run it once.
import { Agenda } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import type { Db } from 'mongodb';
import mongoose from 'mongoose';
import { logger } from './logger';

export interface ScheduledJob {
  name: string;
  /** agenda interval: a human interval ("15 minutes") or a cron expression. */
  every: string;
  run: () => Promise<void>;
}

export interface SchedulerOptions {
  /** How often this instance polls for due jobs (agenda's processEvery). */
  processEvery?: string | number;
  /** Names this instance in the job's lastModifiedBy (tests run two). */
  name?: string;
  db?: Db;
}

export interface Scheduler {
  agenda: Agenda;
  stop(): Promise<void>;
}

/**
 * Starts agenda on the app's MongoDB connection and makes sure each recurring job exists (one document per job
 * name, shared by every instance). agenda locks a job's document before running it, so when several API instances
 * poll, exactly one runs each occurrence; the jobs themselves are idempotent too (see notifications/episodes.ts).
 */
export async function startScheduler(jobs: ScheduledJob[], opts: SchedulerOptions = {}): Promise<Scheduler> {
  const db = opts.db ?? (mongoose.connection.db as unknown as Db | undefined);
  if (!db) throw new Error('startScheduler needs a connected MongoDB');
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: db }),
    processEvery: opts.processEvery ?? '30 seconds',
    name: opts.name,
    defaultLockLifetime: 5 * 60_000,
  });
  agenda.on('error', (err: Error) => logger.error({ err: err.message }, 'scheduler error'));
  for (const job of jobs) {
    agenda.define(job.name, async () => {
      await job.run();
    });
  }
  await agenda.start();
  for (const job of jobs) await agenda.every(job.every, job.name, undefined, { skipImmediate: true });
  return {
    agenda,
    async stop() {
      await agenda.stop(false).catch((err: unknown) => logger.warn({ err }, 'scheduler stop failed'));
    },
  };
}
