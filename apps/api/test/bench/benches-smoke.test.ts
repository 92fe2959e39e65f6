// Every API bench once at a tiny size, as `pnpm bench` runs them (one process): a bench that cannot start fails here.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const API = join(__dirname, '..', '..');

/**
 * Each bench's size knobs for the smoke run, and what its output must show: its table, and that its set-up made a
 * world the measured code acts on (a job that sends nothing measures nothing).
 */
const SMOKE: Record<string, { env: Record<string, string>; shows: (out: string) => void }> = {
  abuse: {
    env: { ABUSE_MINUTES: '1', ABUSE_PHONES: '10' },
    shows: (out) => {
      expect(out).toMatch(/total: sent [1-9]\d*, accepted \d+, counted in the league table \d+/);
      expect(out).toContain('honest phones flagged: 0 (must be 0)');
    },
  },
  dashboard: {
    env: {
      BENCH_DASHBOARD_SIZES: '40,80',
      BENCH_DASHBOARD_SAMPLES: '2',
      BENCH_AREA_STORES: '6',
      BENCH_AREA_RATINGS: '2000',
    },
    shows: (out) => {
      expect(out).toMatch(/^call\s+p50\/p95 @ 40\s+p50\/p95 @ 80\s+ratio p95 80\/40$/m);
      expect(out).toMatch(/^timeline p1\s+[\d.]+ \/ [\d.]+ ms/m);
      // the area view: ten districts that hold ratings, and both of its calls measured
      expect(out).toMatch(/^area league lists 10 districts holding [1-9]\d* ratings/m);
      expect(out).toMatch(/^area overview 90 d\s+[\d.]+ \/ [\d.]+ ms/m);
      expect(out).toMatch(/^area league\s+[\d.]+ \/ [\d.]+ ms/m);
    },
  },
  faults: {
    env: { FAULTS_FROM_SOURCE: '1', FAULTS_ROWS: 'steady', FAULTS_SECONDS: '2', FAULTS_WORKERS: '2' },
    shows: (out) => {
      expect(out).toMatch(/^\| steady \|\s+[1-9]\d* \|/m);
      expect(out).toContain('every row: 0 lost, 0 counted twice');
    },
  },
  import: {
    env: { BENCH_IMPORT_STORES: '30' },
    shows: (out) => {
      expect(out).toMatch(/^confirm \(all new\)\s+[\d.]+ s\s+created 30, .*\d+ MongoDB commands \(/m);
      expect(out).toMatch(
        /^re-import \(no change\)\s+[\d.]+ s\s+created 0, changed 0, moved 0, unchanged 30/m,
      );
      expect(out).toContain('30 stores imported in');
    },
  },
  insight: {
    env: {},
    shows: (out) => {
      expect(out).toMatch(/^ {2}en all\s+\d+\s+[\d.]+/m);
      expect(out).toMatch(/cost per comment \([1-9]\d* calls\)/);
    },
  },
  jobs: {
    env: { BENCH_JOBS_SIZES: '10,20' },
    shows: (out) => {
      expect(out).toMatch(/^summaries\s+\d+ \/ \d+ ms \([1-9]\d* sent\)\s+\d+ \/ \d+ ms \([1-9]\d* sent\)/m);
      expect(out).toMatch(/^visit allowance\s+\d+ \/ \d+ ms \(1 alerts\)\s+\d+ \/ \d+ ms \(1 alerts\)/m);
      expect(out).toMatch(/^settle \(rollup\.settle\.ts\)\s+\d+ \/ \d+ ms \(50 stores\)/m);
    },
  },
  'notification-latency': {
    env: { BENCH_NOTIFY_RATINGS: '3' },
    shows: (out) => {
      expect(out).toMatch(/one instance \(in-memory adapter\)\s+n=3\s+p50/);
      // The two-instance row needs Redis, which the test command provides (CI requires it).
      if (process.env.CX_TEST_REDIS_URL || process.env.CX_REQUIRE_REDIS === '1')
        expect(out).toMatch(/two instances \(Redis, A → socket B\)\s+n=3\s+p50/);
    },
  },
  'rating-submit': {
    env: { BENCH_SUBMIT_SECONDS: '1', BENCH_CONCURRENCY: '4' },
    shows: (out) => {
      // every submit accepted: the figure is the accepted-rating path, not refusals (a tag off its score's band is a 400)
      expect(out).toMatch(/^rating-submit \(real app\)\s+\d+ req\/s .*\(\d+ requests, 0 not 201\)$/m);
      expect(out).toMatch(/ratio app\/bare: [\d.]+ \([1-9]\d* ratings stored\)/);
    },
  },
  webhooks: {
    env: {
      BENCH_WEBHOOK_EVENTS: '10',
      BENCH_WEBHOOK_ENDPOINTS: '3',
      BENCH_WEBHOOK_STORES: '2',
      BENCH_WEBHOOK_SLOW_MS: '50',
      BENCH_WEBHOOK_WORKER_CONCURRENCY: '4',
      BENCH_WEBHOOK_WAIT_S: '60',
      BENCH_CONCURRENCY: '4',
    },
    shows: (out) => {
      expect(out).toMatch(/submit p95 with 3 endpoints [\d.]+ ms \(10 submits in [\d.]+ s, 0 not 201\)/);
      expect(out).toMatch(/all healthy: 20\/20 delivered/);
    },
  },
};

const benches = readdirSync(join(API, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();

let run: { code: number | null; out: string; sections: Map<string, string> };

beforeAll(async () => {
  // As `pnpm --filter @cx/api bench` runs (NODE_ENV unset), every knob at once; engines in this process where a bench
  // allows it, so the smoke pays for fewer process starts.
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_ENGINE_IN_PROCESS: '1' };
  delete env.NODE_ENV;
  for (const s of Object.values(SMOKE)) Object.assign(env, s.env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
    cwd: API,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const sections = new Map<string, string>();
  const parts = out.split(/^== (\S+)\.bench\.ts$/m);
  for (let i = 1; i < parts.length; i += 2) sections.set(parts[i]!, parts[i + 1] ?? '');
  run = { code, out, sections };
}, 600_000);

it('has a smoke size for every bench, and the run of them all exits 0', () => {
  expect(Object.keys(SMOKE).sort()).toEqual(benches);
  if (run.code !== 0) throw new Error(`bench run exited ${run.code}:\n${run.out.slice(-4000)}`);
});

it.each(benches)('bench %s sets up, runs and prints its figures', (name) => {
  const section = run.sections.get(name);
  if (section === undefined) throw new Error(`${name} did not run:\n${run.out.slice(-4000)}`);
  try {
    SMOKE[name]!.shows(section);
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}\n--- its output:\n${section.slice(-4000)}`);
  }
});
