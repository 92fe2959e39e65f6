// Ratings pushed over the realtime socket, as a tiny bus: dashboard pages subscribe to refetch their figures.
import type { TRatingPush } from '@cx/contracts';
import { useEffect, useRef } from 'react';

type Listener = (rating: TRatingPush) => void;
const listeners = new Set<Listener>();

export const liveRatings = {
  publish(rating: TRatingPush): void {
    for (const listener of listeners) listener(rating);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Calls `onRating` for every rating accepted while the page is open (e.g. to refetch Snapshot figures). */
export function useLiveRatings(onRating: Listener): void {
  const latest = useRef(onRating);
  useEffect(() => {
    latest.current = onRating;
  });
  useEffect(() => liveRatings.subscribe((r) => latest.current(r)), []);
}
