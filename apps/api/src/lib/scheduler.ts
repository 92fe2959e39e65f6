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
  /**
   * The run's lock lease in ms (agenda's lockLifetime): another instance may take the job over only once the lease
   * has gone unrenewed this long. It is renewed every third of it while the run is going (job.touch()), so a run
   * longer than the lease is never started twice; the lease only bounds how soon a crashed run is picked up again.
   */
  lease?: number;
}

/** Default lease: longer than a normal run; renewed anyway while a run lasts. */
export const DEFAULT_LEASE_MS = 10 * 60_000;

export interface SchedulerOptions {
  /** How often this instance polls for due jobs (agenda's processEvery). */
  processEvery?: string | number;
  /** Names this instance in the job's lastModifiedBy (tests run two). */
  name?: string;
  db?: Db;
}

export interface Scheduler {
  agenda: Agenda;
  /**
   * Stops taking new runs. Without `drainMs` the running ones are abandoned and their locks released at once;
   * with it, waits up to that long for them to finish (the worker's graceful drain).
   */
  stop(drainMs?: number): Promise<void>;
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
    defaultLockLifetime: DEFAULT_LEASE_MS,
  });
  agenda.on('error', (err: Error) => logger.error({ err: err.message }, 'scheduler error'));
  for (const job of jobs) {
    const lease = job.lease ?? DEFAULT_LEASE_MS;
    agenda.define(
      job.name,
      async (running) => {
        const renew = setInterval(() => {
          running
            .touch()
            .catch((err: unknown) => logger.warn({ err, job: job.name }, 'lease renewal failed'));
        }, lease / 3);
        try {
          await job.run();
        } finally {
          clearInterval(renew);
        }
      },
      { lockLifetime: lease, concurrency: 1 },
    );
  }
  await agenda.start();
  for (const job of jobs) await agenda.every(job.every, job.name, undefined, { skipImmediate: true });
  return {
    agenda,
    async stop(drainMs = 0) {
      try {
        if (drainMs <= 0) return await agenda.stop(false);
        const drained = await agenda.drain({ timeout: drainMs, closeConnection: false });
        // An unfinished run stays locked until its lease lapses (no more renewals once this process exits).
        if (drained.timedOut) logger.warn({ running: drained.running }, 'scheduler drain timed out');
      } catch (err) {
        logger.warn({ err }, 'scheduler stop failed');
      }
    },
  };
}
