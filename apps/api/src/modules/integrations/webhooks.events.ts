// Wires webhooks into the app at start-up: the business-events sink and the rating reaction that publishes ratings.
import { onBusinessEvents, publishBusinessEvents } from '../../lib/business-events';
import { onRatingAccepted } from '../feedback/rating-accepted';
import { ratingEvent } from '../ratings/rating-events';
import { enqueueEvents } from './webhooks.queue';

/** Registered once from createApp(). */
export function registerWebhooks(): void {
  onBusinessEvents('webhooks', (events) => enqueueEvents(events));
  // Durable: the reaction is retried from the rating's pending entry until the deliveries are queued.
  onRatingAccepted('webhooks', ({ rating, flagged }) =>
    publishBusinessEvents([
      ratingEvent(
        flagged ? 'rating.flagged' : 'rating.created',
        rating,
        (rating.createdAt as Date) ?? new Date(),
      ),
    ]),
  );
}
