// `rollups:rebuild`: rollups deleted or altered on purpose are restored exactly; --check only counts the differences.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { setupTestDb } from '../helpers/db';
import { buildWorld, NOW } from './world';

setupTestDb();
jest.setTimeout(300_000);

const rowsNow = async () =>
  [
    ...(await RollupModel.find({}, { _id: 0 }).lean()),
    ...(await BusinessRollupModel.find({}, { _id: 0 }).lean()),
  ]
    .map((r) => JSON.stringify(r))
    .sort();

describe('rollups:rebuild', () => {
  it('finds nothing to fix after live submits, then restores deleted and altered rows exactly', async () => {
    await buildWorld(7, 150);
    const clean = await rebuildRollups({ check: true, now: NOW });
    expect(clean.differences).toBe(0);
    const before = await rowsNow();

    const victims = await RollupModel.find({ count: { $gt: 0 } })
      .limit(6)
      .lean();
    await RollupModel.deleteMany({ _id: { $in: victims.slice(0, 3).map((v) => v._id) } });
    await RollupModel.updateOne({ _id: victims[3]!._id }, { $inc: { count: 7, d5: 7, scoreSum: 35 } });
    await RollupModel.updateOne({ _id: victims[4]!._id }, { $set: { 'h.3.n': 99 } });
    await RollupModel.updateOne({ _id: victims[5]!._id }, { $set: { count: 0, scoreSum: 0 } });
    // business rows (every store together) too: one lost, one drifted
    const business = await BusinessRollupModel.find({}).limit(2).lean();
    expect(business).toHaveLength(2);
    await BusinessRollupModel.deleteOne({ _id: business[0]!._id });
    await BusinessRollupModel.updateOne(
      { _id: business[1]!._id },
      { $inc: { count: 3, d1: 3, scoreSum: 3 } },
    );

    const check = await rebuildRollups({ check: true, now: NOW });
    expect(check.differences).toBeGreaterThanOrEqual(8);
    expect(check.fixed).toBe(0);
    expect(await rowsNow()).not.toEqual(before);

    const fix = await rebuildRollups({ check: false, now: NOW });
    expect(fix.differences).toBe(check.differences);
    expect((await rebuildRollups({ check: true, now: NOW })).differences).toBe(0);
    // Same figures as the live path wrote (ignoring zero-valued fields a replaced row may carry, and the markers of
    // recent events and the write counter, which are the pipeline's bookkeeping, not figures).
    const canonical = (v: unknown): unknown =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k, x]) => x !== 0 && x !== undefined && k !== 'applied' && k !== 'v')
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
    const strip = (rows: string[]) => rows.map((r) => JSON.stringify(canonical(JSON.parse(r)))).sort();
    expect(strip(await rowsNow())).toEqual(strip(before));
  });

  it('is a pnpm script that prints the number of differences with --check', async () => {
    const pkg = path.resolve(__dirname, '../../package.json');
    const scripts = (await import(pkg)) as { scripts: Record<string, string> };
    expect(scripts.scripts['rollups:rebuild']).toBe('tsx src/scripts/rollups-rebuild.ts');
    const run = promisify(execFile);
    const out = await run('npx', ['tsx', 'src/scripts/rollups-rebuild.ts', '--check'], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        ...process.env,
        MONGODB_URI: process.env.CX_TEST_MONGO_URI,
        MONGODB_DB: `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`,
      },
    });
    expect(out.stdout).toMatch(/\d+ rollup rows compared, 0 differed \(check only, nothing changed\)/);
  });
});
