// Offline-safe submits: every rating/visit/click is saved locally with its idempotency key and retried until accepted.
import { API_PREFIX, FEEDBACK_PATHS } from '@cx/contracts/customer';

export const OUTBOX_ROUTES = {
  visit: `${API_PREFIX}${FEEDBACK_PATHS.recordVisit}`,
  staffRating: `${API_PREFIX}${FEEDBACK_PATHS.rateStaff}`,
  experienceRating: `${API_PREFIX}${FEEDBACK_PATHS.rateExperience}`,
  socialClick: `${API_PREFIX}${FEEDBACK_PATHS.recordSocialClick}`,
} as const;
export type TOutboxKind = keyof typeof OUTBOX_ROUTES;

export type TOutboxItem = {
  /** Also the body's idempotencyKey: the server stores a retried submit once. */
  key: string;
  kind: TOutboxKind;
  body: Record<string, unknown>;
  attempts: number;
  /** Epoch ms before which the item is not retried (backoff). */
  nextAt: number;
};

export type TDeliveryOutcome =
  { outcome: 'sent' } | { outcome: 'queued' } | { outcome: 'rejected'; status: number; message: string };

export type TOutboxState = {
  pending: number;
  /** Ratings waiting to be sent: what the customer is told about (a visit or click count is not their concern). */
  pendingRatings: number;
  rejected: Array<{ key: string; message: string }>;
  /** Ratings the server accepted since the page opened: "Sent" is told from this, never from the queue emptying. */
  sentRatings: number;
};

const isRating = (kind: TOutboxKind) => kind === 'staffRating' || kind === 'experienceRating';

export type TOutboxDeps = {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  baseUrl: string;
  now?: () => number;
  /** Schedules the next flush; tests pass a fake. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  /**
   * Fields that say which device sends (deviceId, kiosk), added at send time rather than stored with the item, so an
   * item queued before the device had its id still goes out with it. Must not throw; {} sends without.
   */
  identify?: (body: Record<string, unknown>) => Promise<Record<string, string>>;
  /** True in a "Preview as a customer" tab: a submit is neither kept nor sent, and the page goes on as if it were. */
  dryRun?: () => boolean;
};

export const STORAGE_KEY = 'cx.outbox.v1';
const MAX_BACKOFF_MS = 30_000;
const RATE_LIMITED_BACKOFF_MS = 60_000;

/** 4xx answers are final (the server decided), except "slow down" and request time-outs. */
function isFinal(status: number, code: unknown): boolean {
  if (status === 408) return false;
  if (status === 429) return code !== 'RATE_LIMITED';
  return status >= 400 && status < 500;
}

export class Outbox {
  private items: TOutboxItem[];
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private rejected: TOutboxState['rejected'] = [];
  private sentRatings = 0;
  private snapshot: TOutboxState;
  private timerDueAt = Infinity;
  private retired = false;

  constructor(private readonly deps: TOutboxDeps) {
    this.items = this.load();
    this.snapshot = this.buildSnapshot();
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private load(): TOutboxItem[] {
    try {
      const raw = this.deps.storage?.getItem(STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as TOutboxItem[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    if (this.retired) return;
    try {
      this.deps.storage?.setItem(STORAGE_KEY, JSON.stringify(this.items));
    } catch {
      // Storage full or unavailable: items stay in memory and are still retried while the page is open.
    }
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  private buildSnapshot(): TOutboxState {
    return {
      pending: this.items.length,
      pendingRatings: this.items.filter((i) => isRating(i.kind)).length,
      rejected: this.rejected,
      sentRatings: this.sentRatings,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): TOutboxState => this.snapshot;

  pendingItems(): readonly TOutboxItem[] {
    return this.items;
  }

  /** The customer has read a "could not send" message. */
  dismissRejected(key: string): void {
    this.rejected = this.rejected.filter((r) => r.key !== key);
    this.save();
  }

  /** Saves the submit first (so a closed tab or dead connection loses nothing), then tries to deliver it. */
  async submit(
    kind: TOutboxKind,
    body: Record<string, unknown>,
    key: string,
    timeoutMs = 8000,
  ): Promise<TDeliveryOutcome> {
    if (this.deps.dryRun?.()) return { outcome: 'sent' };
    if (!this.items.some((i) => i.key === key)) {
      this.items.push({ key, kind, body: { ...body, idempotencyKey: key }, attempts: 0, nextAt: 0 });
      this.save();
    }
    // The caller shows a refusal of this first attempt itself; later refusals are reported through the state.
    return this.deliver(key, timeoutMs, false);
  }

  private remove(key: string): void {
    this.items = this.items.filter((i) => i.key !== key);
    this.save();
  }

  private async deliver(key: string, timeoutMs: number, report = true): Promise<TDeliveryOutcome> {
    const item = this.items.find((i) => i.key === key);
    if (!item) return { outcome: 'sent' };
    if (this.inFlight.has(key)) return { outcome: 'queued' };
    this.inFlight.add(key);
    item.attempts += 1;
    let backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(item.attempts, 5));
    try {
      const who = (await this.deps.identify?.(item.body).catch(() => ({}))) ?? {};
      if (this.retired) return { outcome: 'queued' };
      const res = await this.deps.fetch(`${this.deps.baseUrl}${OUTBOX_ROUTES[item.kind]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'ngrok-skip-browser-warning': 'true' },
        body: JSON.stringify({ ...item.body, ...who }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.ok) {
        if (isRating(item.kind)) this.sentRatings += 1;
        this.remove(key);
        return { outcome: 'sent' };
      }
      const payload = (await res.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
      if (isFinal(res.status, payload.code)) {
        const message = typeof payload.message === 'string' ? payload.message : 'An error occurred';
        // Only a lost rating is worth telling the customer about; a refused visit or click count is not.
        if (report && isRating(item.kind)) this.rejected = [...this.rejected, { key, message }];
        this.remove(key);
        return { outcome: 'rejected', status: res.status, message };
      }
      if (res.status === 429) backoff = RATE_LIMITED_BACKOFF_MS;
    } catch {
      // Offline, DNS, time-out or the API restarting: keep it and try again later.
    } finally {
      this.inFlight.delete(key);
    }
    item.nextAt = this.now() + backoff;
    this.save();
    this.schedule(backoff);
    return { outcome: 'queued' };
  }

  /** Sends every item that is due, one at a time (a weak connection does better with one request than five). */
  async flush(force = false): Promise<void> {
    if (this.retired) return;
    const due = this.items.filter((i) => force || i.nextAt <= this.now()).map((i) => i.key);
    for (const key of due) await this.deliver(key, 15_000);
    const next = Math.min(...this.items.map((i) => i.nextAt));
    if (Number.isFinite(next)) this.schedule(Math.max(0, next - this.now()));
  }

  /** Stops this instance for good (a page's successor takes over its storage): no more sends, saves or timers. */
  retire(): void {
    this.retired = true;
  }

  private schedule(ms: number): void {
    if (this.retired) return;
    const dueAt = this.now() + ms;
    if (dueAt >= this.timerDueAt) return;
    this.timerDueAt = dueAt;
    const set = this.deps.setTimer ?? ((fn: () => void, delay: number) => setTimeout(fn, delay));
    set(() => {
      this.timerDueAt = Infinity;
      void this.flush();
    }, ms);
  }
}
