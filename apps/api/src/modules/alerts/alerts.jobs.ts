// The alerts module's scheduled jobs: the channel outbox (held and retried posts) and escalations.
import type { ScheduledJob } from '../../lib/scheduler';
import { escalateDueAlerts } from './escalation';
import { drainAlertDeliveries } from './outbox';

export function alertJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  return [
    {
      name: 'alerts:deliveries',
      every: '1 minute',
      run: async () => void (await drainAlertDeliveries(now())),
    },
    { name: 'alerts:escalations', every: '1 minute', run: async () => void (await escalateDueAlerts(now())) },
  ];
}
