// The loop's safety net: ask resolved cases' customers "did we put it right?" and finish unfair rulings, every 5 minutes.
import type { ScheduledJob } from '../../lib/scheduler';
import { askPendingRecoveries } from './case-customer.service';
import { repairUnfairRulings } from './case-dispute.service';

export function caseLoopJobs(now: () => Date = () => new Date()): ScheduledJob[] {
  return [
    {
      name: 'cases:close-the-loop',
      every: '5 minutes',
      run: async () => {
        await askPendingRecoveries(now());
        await repairUnfairRulings(now());
      },
    },
  ];
}
