// The notifications module's scheduled jobs and its rating-accepted reactions, registered at start-up.
import { REALTIME_EVENTS, type TRatingPush } from '@cx/contracts';
import { publishToUser } from '../../lib/realtime';
import type { ScheduledJob } from '../../lib/scheduler';
import { onRatingAccepted } from '../feedback/rating-accepted';
import { evaluateRating } from './evaluate';
import { checkAllVisitAllowances } from './allowance.job';
import { checkBelowTargets } from './below-target';
import { membersCovering } from './recipients';
import { sendDueSummaries } from './summaries';

export interface JobOptions {
  /** Summaries are checked this often; each business is sent one per period at its local hour. */
  summariesEvery?: string;
  /** Tests move the clock to a chosen local hour. */
  now?: () => Date;
}

export function notificationJobs(opts: JobOptions = {}): ScheduledJob[] {
  const now = opts.now ?? (() => new Date());
  return [
    {
      name: 'notifications:summaries',
      every: opts.summariesEvery ?? '5 minutes',
      run: async () => void (await sendDueSummaries(now())),
    },
    {
      name: 'notifications:visit-allowance',
      every: '15 minutes',
      run: async () => void (await checkAllVisitAllowances(now())),
    },
    {
      // each store's day is checked once it has closed in the store's zone (claimed per rule, store and day)
      name: 'notifications:below-target',
      every: '15 minutes',
      run: async () => void (await checkBelowTargets(now())),
    },
  ];
}

/** Rules, and the small "rating" event that lets open dashboards refetch without reload. */
export function registerNotificationReactions(): void {
  onRatingAccepted('notifications', (event) => evaluateRating(event));
  onRatingAccepted('realtime-rating', async ({ rating, store, flagged }) => {
    const push: TRatingPush = {
      store: String(store._id),
      staff: rating.staff ? String(rating.staff) : null,
      kind: rating.kind,
      score: rating.score,
      flagged,
      createdAt: rating.createdAt.toISOString(),
    };
    // Only the members whose stores include this one hear of it.
    for (const user of await membersCovering(store.business, store._id))
      publishToUser(user, REALTIME_EVENTS.rating, push);
  });
}
