// The one list of scheduled jobs, started by the worker process, or by the API itself when JOBS=inline.
import { env } from '../config/env';
import { logger } from '../lib/logger';
import { startScheduler, type ScheduledJob, type Scheduler } from '../lib/scheduler';
import { analyticsJobs } from '../modules/analytics/rollup.settle';
import { notificationJobs } from '../modules/notifications/notifications.jobs';

export function scheduledJobs(): ScheduledJob[] {
  return [...notificationJobs(), ...analyticsJobs()];
}

/** What the API process starts: the jobs when JOBS=inline, nothing (a no-op handle) when a worker runs them. */
export async function startInlineJobs(mode = env.JOBS): Promise<Pick<Scheduler, 'stop'>> {
  if (mode === 'off') {
    logger.info('scheduled jobs off in this process (JOBS=off): a worker runs them');
    return { stop: async () => undefined };
  }
  return startScheduler(scheduledJobs());
}
