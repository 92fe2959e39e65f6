// The one "rating accepted" fan-out: after a rating is stored, rollups (in the request path), then rules and realtime.
import type { Types } from 'mongoose';
import { logger } from '../../lib/logger';
import { recordRatingInRollups } from '../analytics/rollup.service';
import type { RatingDoc } from '../ratings/rating.model';

/** The store as the fan-out needs it (already loaded by the submit). */
export interface AcceptedStore {
  _id: Types.ObjectId;
  owner: Types.ObjectId;
  name: string;
  timeZone: string;
}

export interface RatingAccepted {
  rating: RatingDoc;
  store: AcceptedStore;
  /** Stored but flagged by burst detection: kept out of rollups; rules may still react (possible gaming). */
  flagged: boolean;
}

/**
 * Reactions that must never fail or slow the customer's submit (notification rules, realtime pushes). They run after
 * the rollups, are not awaited by the request, and their errors are logged, never thrown. Registered once at start-up
 * by the modules that own them (createApp), so this module never imports its listeners' callers.
 */
type Reaction = (event: RatingAccepted) => Promise<void>;
const reactions = new Map<string, Reaction>();

/** Registers (or replaces) a named reaction; returns the function that removes it. */
export function onRatingAccepted(name: string, reaction: Reaction): () => void {
  reactions.set(name, reaction);
  return () => void reactions.delete(name);
}

/** Runs in the submit after the rating is stored: rollups awaited (dashboards match the 201), the rest in background. */
export async function ratingAccepted(event: RatingAccepted): Promise<void> {
  const { rating, store, flagged } = event;
  if (!flagged) {
    await recordRatingInRollups({ ...rating, owner: store.owner, store: store._id });
  }
  for (const [name, reaction] of reactions) {
    void reaction(event).catch((err: unknown) =>
      logger.error({ err, reaction: name, rating: String(rating._id) }, 'rating-accepted reaction failed'),
    );
  }
}
