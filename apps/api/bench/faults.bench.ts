// `pnpm --filter @cx/api bench faults`: rating submits under load and faults, one table of accepted/stored/rolled up/alerted.
// Two built APIs (dist/server.js: run `pnpm --filter @cx/api build` first) share the offline engine (its own process,
// behind a TCP proxy that can cut it off) and a private redis-server. Each row is a fresh business under
// FAULTS_SECONDS (20) of closed-loop load from FAULTS_WORKERS (8) customers per API, with its fault mid-load (outages
// last FAULTS_OUTAGE_SECONDS, 10; FAULTS_FROM_SOURCE=1 runs src/server.ts through tsx instead of dist); then the
// outbox re-sends what failed (same keys), the books are read once derived work has settled, and every row must show
// "0 lost, 0 counted twice". Counted through MongoDB and HTTP only, so any pipeline behind the submit is measured alike.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import mongoose from 'mongoose';
import { withDbName } from '../src/lib/db';
import { flushOutbox, newTally, runLoad, type Submit } from './faults/load';
import { settledBooks, setUpBusiness, type Books, type Business } from './faults/tally';
import { API_FROM_SOURCE, startTopology, type Topology } from './faults/topology';
import { newDeviceId } from '../test/helpers/devices';

const LOAD_MS = Number(process.env.FAULTS_SECONDS ?? 20) * 1000;
const WORKERS = Number(process.env.FAULTS_WORKERS ?? 8);
const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 10) * 1000;
/** How long the outbox keeps re-sending after the load (an API slow to recover answers 503 after ~10 s each). */
const OUTBOX_MS = 60_000;
/**
 * Books taken once unchanged this long while they do not balance, bounded. Derived work a fault left pending is caught up
 * by the pipeline:drain job, which runs every minute: both cover one full period (only unbalanced books wait this long).
 */
const SETTLE_QUIET_MS = Number(process.env.FAULTS_SETTLE_QUIET_SECONDS ?? 70) * 1000;
const SETTLE_MAX_MS = Number(process.env.FAULTS_SETTLE_MAX_SECONDS ?? 90) * 1000;
/** Only the rows whose names contain one of these (comma-separated, any case), e.g. FAULTS_ROWS=redis,kill. */
const ONLY = (process.env.FAULTS_ROWS ?? '').toLowerCase().split(',').filter(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Note = (text: string) => void;
interface Row {
  name: string;
  /** Milliseconds into the load when the fault starts. */
  at: number;
  fault?: (t: Topology, note: Note) => Promise<void>;
}

const ROWS: Row[] = [
  { name: 'steady', at: 0 },
  {
    name: 'kill -9 (api-a)',
    at: LOAD_MS * 0.4,
    fault: async (t, note) => {
      await t.apis[0]!.signal('SIGKILL');
      note('api-a killed (SIGKILL)');
      await t.apis[0]!.start();
      note('api-a restarted and healthy');
    },
  },
  {
    name: 'SIGTERM (api-a)',
    at: LOAD_MS * 0.4,
    fault: async (t, note) => {
      note('api-a sent SIGTERM');
      const code = await t.apis[0]!.signal('SIGTERM');
      note(`api-a drained and exited ${code}`);
      await t.apis[0]!.start();
      note('api-a restarted and healthy');
    },
  },
  {
    name: `Redis stopped ${OUTAGE_MS / 1000} s`,
    at: LOAD_MS * 0.25,
    fault: async (t, note) => {
      await t.redis.stop();
      note('redis-server stopped');
      await sleep(OUTAGE_MS);
      await t.redis.start();
      note('redis-server back');
    },
  },
  {
    name: `MongoDB stopped ${OUTAGE_MS / 1000} s`,
    at: LOAD_MS * 0.25,
    fault: async (t, note) => {
      t.proxy.cut();
      note('MongoDB unreachable (every connection dropped, new ones refused)');
      await sleep(OUTAGE_MS);
      t.proxy.restore();
      note('MongoDB reachable again');
    },
  },
];

let sequence = 0;
/** Alternating staff and experience ratings, every score for both; a new device, address and key each time. */
function submits(row: number, b: Business): () => Submit {
  let i = 0;
  return () => {
    const n = i++;
    const g = sequence++;
    const tag = `fx${row}n${n}`;
    const kind = n % 2 === 0 ? 'staff' : 'experience';
    const body = {
      store: b.store.toHexString(),
      ...(kind === 'staff' ? { staff: b.staff[(n >> 1) % b.staff.length]!.toHexString() } : {}),
      score: 1 + ((n >> 1) % 5),
      comment: tag,
      idempotencyKey: randomUUID(),
      deviceId: newDeviceId(),
    };
    return { kind, body: JSON.stringify(body), ip: `10.${(g >> 16) & 255}.${(g >> 8) & 255}.${g & 255}` };
  };
}

/** Every row starts from the same place: both APIs serving, Redis up, MongoDB reachable. */
async function heal(t: Topology): Promise<void> {
  t.proxy.restore();
  await t.redis.start().catch(() => undefined);
  for (const api of t.apis) if (!api.alive()) await api.start();
}

/**
 * Plays the process manager: an instance that exits without the bench asking is noted and started again (as systemd
 * or Kubernetes would), so its customers' outboxes can deliver. Returns the function that stops watching.
 */
function supervise(t: Topology, note: Note): () => Promise<void> {
  let busy: Promise<void> | null = null;
  const timer = setInterval(() => {
    const down = t.apis.filter((a) => a.crashed());
    if (busy || down.length === 0) return;
    busy = (async () => {
      for (const a of down) {
        note(`${a.name} CRASHED (${a.crashes.at(-1)}); restarting it`);
        await a.start().then(
          () => note(`${a.name} restarted after the crash`),
          (err: unknown) => note(`${a.name} restart failed: ${String(err)}`),
        );
      }
    })().finally(() => (busy = null));
  }, 500);
  return async () => {
    clearInterval(timer);
    await busy;
  };
}

interface Result {
  row: Row;
  books: Books;
  crashes: number;
  unsent: number;
}

async function runRow(t: Topology, db: Db, index: number, row: Row): Promise<Result> {
  const business = await setUpBusiness(t.apis[1]!.url);
  const tally = newTally();
  const started = Date.now();
  const events: string[] = [];
  const note: Note = (text) => events.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${text}`);
  const crashesBefore = t.apis.reduce((n, a) => n + a.crashes.length, 0);
  const unsupervise = supervise(t, note);
  const fault = row.fault ? sleep(row.at).then(() => row.fault!(t, note)) : Promise.resolve();
  await runLoad(
    t.apis.map((a) => a.url),
    WORKERS,
    LOAD_MS,
    submits(index, business),
    tally,
  );
  const loadSeconds = (Date.now() - started) / 1000;
  const duringLoad = tally.accepted.size;
  const sorted = [...tally.latencies].sort((x, y) => x - y);
  const pct = (p: number) => (sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN).toFixed(0);
  await fault;
  const queued = tally.outbox.length;
  const up = async () =>
    (await Promise.all(t.apis.map(async (a) => ((await a.healthy()) ? a.url : null)))).filter(
      (u): u is string => u !== null,
    );
  const unsent = await flushOutbox(up, tally, OUTBOX_MS);
  await unsupervise();
  const crashes = t.apis.reduce((n, a) => n + a.crashes.length, 0) - crashesBefore;
  const { books, waitedMs, why } = await settledBooks(
    db,
    business,
    tally.accepted,
    SETTLE_QUIET_MS,
    SETTLE_MAX_MS,
  );

  const statuses = [...tally.statuses.entries()].map(([s, k]) => `${s}×${k}`).join(' ');
  console.log(
    `\n-- ${row.name}: ${loadSeconds.toFixed(1)} s of load, ${(duringLoad / loadSeconds).toFixed(0)} accepted/s ` +
      `(201 latency p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms)`,
  );
  for (const e of events) console.log(`   ${e}`);
  const lastFailures = t.apis
    .filter((a) => tally.lastFailure.has(a.url))
    .map((a) => `${a.name} ${((tally.lastFailure.get(a.url)! - started) / 1000).toFixed(1)} s`);
  console.log(
    `   answers: ${statuses}; outbox ${queued} re-sent${unsent ? `, ${unsent} STILL UNSENT` : ''}` +
      (lastFailures.length ? `; last failed answer: ${lastFailures.join(', ')}` : ''),
  );
  console.log(
    `   books taken after ${(waitedMs / 1000).toFixed(0)} s (${why}); rollup families (missing/extra): ` +
      books.families.map((f) => `${f.family} ${f.missing}/${f.extra}`).join(', ') +
      `; flagged ${books.flagged}; refused for good ${tally.refused}`,
  );
  console.log(
    `   lost = ${books.acceptedNotStored} accepted-not-stored + rollup shortfall + ${books.missingAlerts} alerts missing; ` +
      `twice = ${books.storedTwice} stored twice + rollup excess + ${books.duplicateAlerts} duplicate alerts` +
      (books.strayAlerts ? `; ${books.strayAlerts} stray alerts` : ''),
  );
  const errors = new Map<string, number>();
  for (const api of t.apis) for (const e of api.takeErrors()) errors.set(e, (errors.get(e) ?? 0) + 1);
  const top = [...errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
  if (top.length) console.log(`   API error logs: ${top.map(([e, k]) => `${k}× ${e}`).join(' | ')}`);
  return { row, books, crashes, unsent };
}

function printTable(results: Result[]): void {
  const head = [
    'row',
    'accepted',
    'stored',
    'in rollups',
    'alerts fired',
    'expected alerts',
    'lost',
    'counted twice',
    'API crashes',
    'unsent',
  ];
  const lines = results.map(({ row, books: b, crashes, unsent }) => [
    row.name,
    String(b.accepted),
    String(b.stored),
    String(b.inRollups),
    String(b.alerts),
    String(b.expectedAlerts),
    String(b.lost),
    String(b.countedTwice),
    String(crashes),
    String(unsent),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${fmt(head)}`);
  console.log(
    `|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`,
  );
  for (const l of lines) console.log(fmt(l));
}

export async function run(): Promise<void> {
  if (!API_FROM_SOURCE && !existsSync(join(__dirname, '..', 'dist', 'server.js')))
    throw new Error('dist/server.js is missing: run `pnpm --filter @cx/api build` first');
  const dbName = 'cx_faults';
  const t = await startTopology(dbName);
  const client = new MongoClient(t.directUri);
  const results: Result[] = [];
  try {
    // The set-up's factories write through mongoose, straight to the engine (not through the outage proxy).
    await mongoose.connect(withDbName(t.directUri, dbName));
    const db = client.db(dbName);
    console.log(
      `two APIs (${API_FROM_SOURCE ? 'from source' : 'built'}), offline engine in its own process behind an outage proxy, private Redis; ` +
        `${LOAD_MS / 1000} s per row, ${WORKERS} customers per API`,
    );
    // Warm-up, not counted: first requests pay for JIT, connection pools, the day's salt and index loads.
    const warm = await setUpBusiness(t.apis[0]!.url);
    await runLoad(
      t.apis.map((a) => a.url),
      WORKERS,
      Math.min(3000, LOAD_MS),
      submits(ROWS.length, warm),
      newTally(),
    );
    for (const [i, row] of ROWS.entries()) {
      if (ONLY.length && !ONLY.some((o) => row.name.toLowerCase().includes(o))) continue;
      await heal(t);
      results.push(await runRow(t, db, i, row));
    }
  } finally {
    await mongoose.disconnect();
    await client.close();
    await t.stop();
  }
  printTable(results);
  // A submit still unsent is one the books cannot vouch for: the row fails as if it were lost.
  const bad = results.filter((r) => r.books.lost > 0 || r.books.countedTwice > 0 || r.unsent > 0);
  if (bad.length > 0)
    throw new Error(`lost, counted twice or left unsent in: ${bad.map((r) => r.row.name).join(', ')}`);
  console.log('every row: 0 lost, 0 counted twice');
}
