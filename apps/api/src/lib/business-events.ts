// The business's outward events (webhooks' subject matter), published by the modules that cause them to named sinks.
import { WEBHOOK_EVENT_TYPES, type TWebhookEventType } from '@cx/contracts';

/** The events a webhook endpoint can subscribe to: the contract's one list. */
export const BUSINESS_EVENT_TYPES = WEBHOOK_EVENT_TYPES;
export type BusinessEventType = TWebhookEventType;

/**
 * Producers (the rating pipeline's reactions, rating review, alerts, the allowance job) publish; sinks (webhooks
 * today) are registered once at start-up by the module that owns them, so no producer imports its listeners.
 * `publishBusinessEvents` awaits every sink and rejects when one fails, so a durable caller (a pending reaction, a
 * job) retries: a sink must therefore be idempotent per event id.
 */

export interface BusinessEvent {
  /** Stable per occurrence (e.g. `rating.created:<ratingId>`): the same on every retry, so sinks dedupe by it. */
  id: string;
  type: BusinessEventType;
  business: string;
  /** The store it concerns, when it concerns one (store-limited consumers filter by it). */
  store?: string | null;
  at: Date;
  data: Record<string, unknown>;
}

type Sink = (events: BusinessEvent[]) => Promise<void>;
const sinks = new Map<string, Sink>();

/** Registers (or replaces) a named sink; returns the function that removes it. */
export function onBusinessEvents(name: string, sink: Sink): () => void {
  sinks.set(name, sink);
  return () => void sinks.delete(name);
}

/** Hands the events to every sink, side by side; rejects with the first failure once all have settled. */
export async function publishBusinessEvents(events: BusinessEvent[]): Promise<void> {
  if (events.length === 0 || sinks.size === 0) return;
  const results = await Promise.allSettled([...sinks.values()].map((sink) => sink(events)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
