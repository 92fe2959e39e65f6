// Spaces the webhook worker's new work while the shared database answers slowly, so customers' requests come first.
import { performance } from 'node:perf_hooks';

export interface PacerOptions {
  /** One small read of the shared database: its round trip is what a customer's request waits right now. */
  probe: () => Promise<unknown>;
  /** How often the probe runs while work is asked for. */
  everyMs?: number;
  /** The widest spacing between units of new work (the worker never stops altogether). */
  maxGapMs?: number;
  /** A monotonic clock in ms (tests drive it). */
  now?: () => number;
}

export interface Pacer {
  /** Resolves when the next unit of new work may start: at once while the database answers as fast as it can. */
  turn(): Promise<void>;
  /** The spacing now enforced between units (0: none). */
  gapMs(): number;
  /** Learns from one probe's round trip (the probe loop calls it; tests feed it). */
  observe(rttMs: number): void;
  /** Ends the probes until the next turn() (they also end once nobody asked for a turn for 2 s). */
  stop(): void;
}

const MINUTE = 60_000;
/** The fastest round trip is remembered per minute, for this many minutes: a burst longer than that is the new normal. */
const FLOOR_MINUTES = 10;
/** Slow means above twice the fastest round trip of the last minutes, plus this (a fast database's jitter). */
const SLACK_MS = 2;
/** The judged round trip is the median of this many latest probes: a moment's lull or pause does not count. */
const WINDOW = 5;
/** Probes stop when nobody asked for a turn for this long (an idle worker costs the database nothing). */
const IDLE_AFTER_MS = 2_000;

/**
 * The control is the one TCP Vegas and MongoDB's flow control use: when a tiny request's round trip rises well above
 * the fastest seen lately, requests are queueing in the database, so this worker (whose work can wait) doubles the
 * spacing of its new work; when round trips are back near the floor, it halves it. It judges the median of the last
 * five probes, so neither a garbage-collection pause nor a moment when the queue happens to be empty moves it. It spaces what creates work (fan-outs, claims), never the recording
 * of an attempt already made, so leases never lapse because of it.
 */
export function createPacer(opts: PacerOptions): Pacer {
  const now = opts.now ?? (() => performance.now());
  const everyMs = opts.everyMs ?? 100;
  const maxGapMs = opts.maxGapMs ?? 1_000;
  let gap = 0;
  let lastStart = -Infinity;
  let askedAt = -Infinity;
  const recent: number[] = [];
  const floors: Array<{ minute: number; rtt: number }> = [];

  const floor = () => Math.min(...floors.map((f) => f.rtt));

  function observe(rtt: number) {
    const minute = Math.floor(now() / MINUTE);
    const current = floors[floors.length - 1];
    if (current?.minute === minute) current.rtt = Math.min(current.rtt, rtt);
    else floors.push({ minute, rtt });
    while (floors[0]!.minute <= minute - FLOOR_MINUTES) floors.shift();
    recent.push(rtt);
    if (recent.length > WINDOW) recent.shift();
    const sorted = [...recent].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    if (median > 2 * floor() + SLACK_MS) gap = Math.min(maxGapMs, Math.max(2 * gap, 2));
    else gap = gap >= 2 ? gap / 2 : 0;
  }

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  let probing = false;

  async function probeWhileAsked() {
    probing = true;
    while (now() - askedAt <= IDLE_AFTER_MS) {
      const started = now();
      try {
        await opts.probe();
        observe(now() - started);
      } catch {
        // an unreachable database is the callers' error to meet; the probe only measures
      }
      await sleep(everyMs);
    }
    // nothing measured any more: the next work starts unspaced, and the probes judge it afresh within a few tenths
    gap = 0;
    recent.length = 0;
    probing = false;
  }

  return {
    async turn() {
      askedAt = now();
      if (!probing) void probeWhileAsked();
      for (;;) {
        const wait = lastStart + gap - now();
        if (wait <= 0) break;
        // the gap may shrink while waiting: look again at least once a probe
        await sleep(Math.min(wait, everyMs));
      }
      lastStart = now();
    },
    gapMs: () => gap,
    observe,
    stop() {
      askedAt = -Infinity; // the probe loop ends after its current probe; the next turn() starts it again
    },
  };
}
