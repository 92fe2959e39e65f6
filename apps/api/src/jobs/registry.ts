// The scheduled jobs and the webhook delivery loop: run by the worker process, or by the API when JOBS=inline.
import { env } from '../config/env';
import { logger } from '../lib/logger';
import { startScheduler, type ScheduledJob, type Scheduler } from '../lib/scheduler';
import { alertJobs } from '../modules/alerts/alerts.jobs';
import { caseJobs } from '../modules/cases/case-escalation';
import { analyticsJobs } from '../modules/analytics/rollup.settle';
import { caseLoopJobs } from '../modules/cases/case-loop.jobs';
import { pipelineJobs } from '../modules/feedback/pipeline.drain';
import { insightJobs } from '../modules/insight/discovery.job';
import { createWebhookWorker } from '../modules/integrations/webhooks.worker';
import { notificationJobs } from '../modules/notifications/notifications.jobs';
import { reportJobs } from '../modules/reports/report.job';
import { retentionJobs } from '../modules/cases/retention.job';

export function scheduledJobs(): ScheduledJob[] {
  return [
    ...notificationJobs(),
    ...analyticsJobs(),
    ...insightJobs(),
    ...reportJobs(),
    ...alertJobs(),
    ...caseJobs(),
    ...retentionJobs(),
    ...caseLoopJobs(),
  ];
}

/** The webhook delivery loop (deliveries are claimed under a lease in MongoDB, so any number of processes share it). */
export function startWebhookDelivery(): { stop(): Promise<void> } {
  const webhooks = createWebhookWorker();
  webhooks.start();
  return webhooks;
}

/**
 * What an API process starts: the drain of derived work that submits left owed always (its reactions push to this
 * process's sockets), plus the scheduled jobs and the webhook delivery loop when JOBS=inline; with JOBS=off the
 * worker process runs those, so API instances spend their CPU on requests.
 */
export async function startApiJobs(mode = env.JOBS): Promise<Pick<Scheduler, 'stop'>> {
  const inline = mode !== 'off';
  if (!inline)
    logger.info('scheduled jobs and webhook delivery off in this process (JOBS=off): a worker runs them');
  const scheduler = await startScheduler([...(inline ? scheduledJobs() : []), ...pipelineJobs()]);
  const webhooks = inline ? startWebhookDelivery() : null;
  return {
    async stop(drainMs?: number) {
      await Promise.all([scheduler.stop(drainMs), webhooks?.stop()]);
    },
  };
}
