// Scheduled jobs at 1 k and 10 k businesses × 5 stores: queries per run (driver command monitoring) and wall time.
import mongoose from 'mongoose';
import { startMongo } from '@cx/local-mongo';
import { withDbName } from '../src/lib/db';
import { logger } from '../src/lib/logger';
import { addDays, localDay } from '../src/lib/time';
import { settleClosedDays } from '../src/modules/analytics/rollup.settle';
import { RollupModel } from '../src/modules/analytics/rollup.model';
import { checkAllVisitAllowances } from '../src/modules/notifications/allowance.job';
import { RuleModel } from '../src/modules/notifications/rule.model';
import { sendDueSummaries } from '../src/modules/notifications/summaries';
import { makeBusinesses } from '../test/factories';

const SIZES = (process.env.BENCH_JOBS_SIZES ?? '1000,10000').split(',').map(Number);
const STORES_PER_BUSINESS = 5;
const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];
/** 00:15 UTC: the settle job's minute, and the first local hour of the UTC and London stores. */
const NOW = new Date('2026-11-16T00:15:00Z');
/** Every hundredth business has used 84 % of its tracked visits: the allowance pass sends it the 80 % alert. */
const NEAR_CAP_EVERY = 100;
const CHUNK = 5000;

async function insertAll(collection: mongoose.mongo.Collection, docs: object[]): Promise<void> {
  for (let i = 0; i < docs.length; i += CHUNK) {
    await collection.insertMany(docs.slice(i, i + CHUNK), { ordered: false });
  }
}

/**
 * `size` businesses with their owners' memberships (the tests' factories: active plans with billing days spread over
 * the month, five zones), five stores each, the default visit-allowance rule and a daily summary at hour i % 24, and
 * yesterday's rollups for every store.
 */
async function seed(size: number): Promise<void> {
  const made = await makeBusinesses(size, {
    stores: STORES_PER_BUSINESS,
    timeZone: (i) => ZONES[i % ZONES.length]!,
    business: (i) => {
      const periodStart = new Date(Date.UTC(2026, 10, 1 + (i % 28)) - (i % 28 >= 15 ? 30 * 86_400_000 : 0));
      return {
        currentPeriodStart: periodStart,
        currentPeriodEnd: new Date(periodStart.getTime() + 30 * 86_400_000),
        createdAt: NOW,
        updatedAt: NOW,
      };
    },
  });
  const rules = [];
  const rollups = [];
  for (const [i, { user, stores }] of made.entries()) {
    const business = user._id;
    const rule = { business, enabled: true, stores: [], createdAt: NOW, updatedAt: NOW };
    rules.push({ ...rule, type: 'visit-allowance', email: true, params: {} });
    rules.push({
      ...rule,
      type: 'summary',
      email: true,
      params: { frequency: 'daily', hour: i % 24, weekday: 1 },
    });
    const yesterday = addDays(localDay(NOW, ZONES[i % ZONES.length]!), -1);
    for (const [s, store] of stores.entries()) {
      const row = { business, store: store._id, staff: null, day: yesterday };
      rollups.push({ ...row, metric: 'experience', count: 3, scoreSum: 12, d4: 3 });
      const visits = s === 0 && i % NEAR_CAP_EVERY === 0 ? 210_000 : 40;
      rollups.push({ ...row, metric: 'visit', count: visits });
    }
  }
  await insertAll(RuleModel.collection, rules);
  await insertAll(RollupModel.collection, rollups);
}

interface Measured {
  queries: number;
  ms: number;
  result: string;
}

type Job = [name: string, run: () => Promise<string>];
const JOBS: Job[] = [
  ['summaries', async () => `${await sendDueSummaries(NOW)} sent`],
  ['visit allowance', async () => `${await checkAllVisitAllowances(NOW)} alerts`],
  ['settle (rollup.settle.ts)', async () => `${(await settleClosedDays(NOW)).stores} stores`],
];

export async function run(): Promise<void> {
  logger.level = 'error';
  const mongo = await startMongo({ log: () => undefined, engineProcess: true });
  const results = new Map<number, Map<string, Measured>>();
  try {
    for (const size of SIZES) {
      await mongoose.connect(withDbName(mongo.uri, `cx_bench_jobs_${size}`), { monitorCommands: true });
      await mongoose.connection.dropDatabase();
      await Promise.all(mongoose.modelNames().map((name) => mongoose.model(name).init()));
      const t0 = performance.now();
      await seed(size);
      console.log(
        `seeded ${size} businesses × ${STORES_PER_BUSINESS} stores in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      let queries = 0;
      mongoose.connection.getClient().on('commandStarted', () => void (queries += 1));
      const bySize = new Map<string, Measured>();
      for (const [name, job] of JOBS) {
        queries = 0;
        const t = performance.now();
        const result = await job();
        bySize.set(name, { queries, ms: performance.now() - t, result });
      }
      results.set(size, bySize);
      await mongoose.connection.dropDatabase();
      await mongoose.disconnect();
    }
  } finally {
    await mongo.stop();
  }
  const [small, large] = [SIZES[0]!, SIZES.at(-1)!];
  const head = SIZES.map((s) => `queries / wall @ ${s}`.padStart(28)).join('');
  console.log(`\n${'job'.padEnd(27)}${head}   ratio ${large}/${small} (queries, wall)`);
  for (const [name] of JOBS) {
    const cells = SIZES.map((s) => {
      const m = results.get(s)!.get(name)!;
      return `${m.queries} / ${m.ms.toFixed(0)} ms (${m.result})`.padStart(28);
    });
    const a = results.get(small)!.get(name)!;
    const b = results.get(large)!.get(name)!;
    console.log(
      `${name.padEnd(27)}${cells.join('')}   ${(b.queries / a.queries).toFixed(2)}, ${(b.ms / a.ms).toFixed(2)}`,
    );
  }
  console.log(
    'target: wall-time ratio ≤ 12 (10× the businesses); queries grow with pages of 500, not per business',
  );
}
