// "A rule fired for a rating": listeners registered at start-up (the cases module opens a case for rules with openCase), so notifications never imports them.
import type { RatingAccepted } from '../feedback/rating-accepted';
import type { RuleDoc } from './rule.model';

export interface RuleFired {
  rule: RuleDoc;
  event: RatingAccepted;
}

type Listener = (fired: RuleFired) => Promise<void>;
const listeners = new Map<string, Listener>();

/** Registers (or replaces) a named listener; returns the function that removes it. */
export function onRuleFired(name: string, listener: Listener): () => void {
  listeners.set(name, listener);
  return () => void listeners.delete(name);
}

/**
 * Tells every listener; rejects with the first failure once all have settled, so the rating's reaction is retried
 * (listeners must be idempotent per rule and rating).
 */
export async function ruleFired(fired: RuleFired): Promise<void> {
  const results = await Promise.allSettled([...listeners.values()].map((l) => l(fired)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
