// The "rating accepted" record: which derived work a new rating owes (rollups, then each registered reaction).
import type { Types } from 'mongoose';
import { reactionWork, rollupWork, type PendingWork } from '../ratings/pending-work';
import type { RatingDoc } from '../ratings/rating.model';

/** The store as the fan-out needs it. */
export interface AcceptedStore {
  _id: Types.ObjectId;
  business: Types.ObjectId;
  name: string;
  timeZone: string;
}

export interface RatingAccepted {
  rating: RatingDoc;
  store: AcceptedStore;
  /** Stored but flagged by burst detection: kept out of rollups; rules may still react (possible gaming). */
  flagged: boolean;
  /** The pending entry's id: the same on every retry of this reaction for this rating (reactions dedupe by it). */
  eventId?: Types.ObjectId;
}

/**
 * Reactions (notification rules, realtime pushes, later webhooks) are registered once at start-up by the modules
 * that own them (createApp), so this module never imports its listeners. Each runs after the rating's rollups, from
 * its own durable pending entry, until it succeeds: a reaction must be idempotent per rating.
 */
type Reaction = (event: RatingAccepted) => Promise<void>;
const reactions = new Map<string, Reaction>();

/** Registers (or replaces) a named reaction; returns the function that removes it. */
export function onRatingAccepted(name: string, reaction: Reaction): () => void {
  reactions.set(name, reaction);
  return () => void reactions.delete(name);
}

export const reactionNamed = (name: string): Reaction | undefined => reactions.get(name);

/** The pending entries a new rating is inserted with: its rollups (unless flagged) and one per reaction. */
export function acceptedWork(flagged: boolean, at: Date): PendingWork[] {
  const work = flagged ? [] : [rollupWork(1, at)];
  for (const name of reactions.keys()) work.push(reactionWork(name, at));
  return work;
}
