// Ratings as business events (rating.created / rating.flagged / rating.restored), with a stable id per rating.
import { publishBusinessEvents, type BusinessEvent } from '../../lib/business-events';
import { logger } from '../../lib/logger';
import type { RatingDoc } from './rating.model';

/** What a rating event carries: the rating's facts (never its device or network hashes). */
export function ratingEventData(rating: RatingDoc) {
  return {
    rating: {
      _id: String(rating._id),
      store: String(rating.store),
      staff: rating.staff ? String(rating.staff) : null,
      kind: rating.kind,
      score: rating.score,
      comment: rating.comment ?? '',
      tags: rating.tags ?? [],
      day: rating.day,
      source: rating.source,
      flagged: !!rating.flag?.suspicious && !rating.flag?.restored,
      reasons: rating.flag?.reasons ?? [],
      createdAt: (rating.createdAt as Date | undefined)?.toISOString() ?? null,
    },
  };
}

/** A rating's business event; its id is stable per rating and type, so a retried producer is deduplicated. */
export function ratingEvent(
  type: 'rating.created' | 'rating.flagged' | 'rating.restored',
  rating: RatingDoc,
  at = new Date(),
): BusinessEvent {
  return {
    id: `${type}:${String(rating._id)}`,
    type,
    business: String(rating.business),
    store: String(rating.store),
    at,
    data: ratingEventData(rating),
  };
}

/** After a review restored a rating: logged when it fails, since the restore itself has happened. */
export function publishRestored(rating: RatingDoc, at: Date): Promise<void> {
  return publishBusinessEvents([ratingEvent('rating.restored', rating, at)]).catch((err: unknown) =>
    logger.error({ err: String(err), rating: String(rating._id) }, 'rating.restored not published'),
  );
}
