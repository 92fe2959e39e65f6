// Claims due webhook deliveries per endpoint (oldest first within each) under per-endpoint caps, with a lease.
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { env } from '../../config/env';
import { WebhookDeliveryModel, WebhookEndpointModel, type WebhookDeliveryDoc } from './webhook.model';

const MINUTE = 60_000;
/** How long the list of enabled endpoints is trusted before it is read again. */
const ENDPOINTS_FRESH_MS = 5_000;

const dueFilter = (now: Date) => ({
  status: 'pending' as const,
  nextAttemptAt: { $lte: now },
  $or: [{ lockedUntil: null }, { lockedUntil: { $lte: now } }],
});

/** Attempts in flight per endpoint (by id). */
export type Busy = Map<string, number>;

export interface Claimer {
  /** Claims up to `limit` due deliveries, at most `perEndpoint` in flight per endpoint counting `busy`. */
  claim(now: Date, limit: number, busy: Busy, perEndpoint: number): Promise<WebhookDeliveryDoc[]>;
  /** Deliveries were queued for these endpoints: ask them again at the next claim. */
  queued(endpoints: string[]): void;
}

/**
 * Endpoints take turns (round robin, oldest first within each): a claim asks the next endpoints in turn for as many
 * as their caps and the free slots allow, each on the `{endpoint, nextAttemptAt}` index. A slow endpoint's backlog
 * (older than everything else) is never walked by a claim that cannot take from it, and a busy claim costs one or two
 * short index walks instead of one walk over every waiting delivery. An endpoint found with nothing more due is
 * skipped until `recheckMs` has passed or something is queued for it in this process (other instances' deliveries
 * and retries falling due are found at the recheck). One conditional update leases the picks, so two workers never
 * hold the same delivery.
 */
export function createClaimer(recheckMs: number): Claimer {
  let endpoints: string[] = [];
  let readAt = -Infinity;
  let checkedAt = -Infinity;
  const drained = new Set<string>();
  /** The endpoint asked last: the next claim starts after it (round robin). */
  let last = '';

  /** The enabled endpoints below their cap and not known drained, starting after the one asked last. */
  async function inTurn(busy: Busy, perEndpoint: number): Promise<string[]> {
    const clock = Date.now();
    if (clock - readAt >= ENDPOINTS_FRESH_MS) {
      const rows = await WebhookEndpointModel.find({ enabled: true }, { _id: 1 }).lean();
      endpoints = rows.map((e) => String(e._id));
      readAt = clock;
    }
    if (clock - checkedAt >= recheckMs) {
      drained.clear();
      checkedAt = clock;
    }
    const from = endpoints.indexOf(last) + 1;
    return [...endpoints.slice(from), ...endpoints.slice(0, from)].filter(
      (id) => !drained.has(id) && (busy.get(id) ?? 0) < perEndpoint,
    );
  }

  /** Up to `room` of one endpoint's due deliveries, oldest first; fewer means it has nothing more due now. */
  async function ask(now: Date, id: string, room: number): Promise<Types.ObjectId[]> {
    last = id;
    const rows = await WebhookDeliveryModel.find(
      { endpoint: new Types.ObjectId(id), ...dueFilter(now) },
      { _id: 1 },
    )
      .sort({ nextAttemptAt: 1 })
      .limit(room)
      .lean();
    if (rows.length < room) drained.add(id);
    return rows.map((d) => d._id);
  }

  return {
    queued(ids) {
      for (const id of ids) {
        drained.delete(id);
        if (!endpoints.includes(id)) readAt = -Infinity;
      }
    },
    async claim(now, limit, busy, perEndpoint) {
      const queue = await inTurn(busy, perEndpoint);
      const picked: Types.ObjectId[] = [];
      // rounds: the next endpoints in turn, each asked for as many as its cap and the unpicked slots allow
      while (picked.length < limit && queue.length > 0) {
        let left = limit - picked.length;
        const asks: Array<Promise<Types.ObjectId[]>> = [];
        while (left > 0 && queue.length > 0) {
          const id = queue.shift()!;
          const room = Math.min(left, perEndpoint - (busy.get(id) ?? 0));
          asks.push(ask(now, id, room));
          left -= room;
        }
        for (const ids of await Promise.all(asks)) picked.push(...ids);
      }
      if (picked.length === 0) return [];
      const lease = randomUUID();
      const leaseMs = Math.max(2 * env.WEBHOOK_TIMEOUT_MS, MINUTE);
      await WebhookDeliveryModel.updateMany(
        { _id: { $in: picked }, ...dueFilter(now) },
        { $set: { lease, lockedUntil: new Date(now.getTime() + leaseMs) } },
      );
      return WebhookDeliveryModel.find({ lease }).lean<WebhookDeliveryDoc[]>();
    },
  };
}
