// The one list of scheduled jobs, started by the worker process, or by the API itself when JOBS=inline.
import { env } from '../config/env';
import { logger } from '../lib/logger';
import { startScheduler, type ScheduledJob, type Scheduler } from '../lib/scheduler';
import { alertJobs } from '../modules/alerts/alerts.jobs';
import { analyticsJobs } from '../modules/analytics/rollup.settle';
import { pipelineJobs } from '../modules/feedback/pipeline.drain';
import { insightJobs } from '../modules/insight/discovery.job';
import { createWebhookWorker } from '../modules/integrations/webhooks.worker';
import { notificationJobs } from '../modules/notifications/notifications.jobs';
import { reportJobs } from '../modules/reports/report.job';

export function scheduledJobs(): ScheduledJob[] {
  return [...notificationJobs(), ...analyticsJobs(), ...insightJobs(), ...reportJobs(), ...alertJobs()];
}

/**
 * What an API process starts: the drain of derived work that submits left owed always (its reactions push to this
 * process's sockets), plus the scheduled jobs when JOBS=inline; with JOBS=off a worker runs those. Every API process
 * also runs the webhook delivery loop (deliveries are claimed under a lease in MongoDB, so instances share the queue).
 */
export async function startApiJobs(mode = env.JOBS): Promise<Pick<Scheduler, 'stop'>> {
  if (mode === 'off') logger.info('scheduled jobs off in this process (JOBS=off): a worker runs them');
  const scheduler = await startScheduler([...(mode === 'off' ? [] : scheduledJobs()), ...pipelineJobs()]);
  const webhooks = createWebhookWorker();
  webhooks.start();
  return {
    async stop(drainMs?: number) {
      await Promise.all([scheduler.stop(drainMs), webhooks.stop()]);
    },
  };
}
