// Group commit of unordered bulk writes and shared reads: one command for what arrives while the last is on the wire.
import mongoose, { type AnyBulkWriteOperation } from 'mongoose';
import { batchedRead, coalescedBulkWrite, coalescedRead, type BulkWriter } from '../../src/lib/coalesce';
import { onlyDuplicates } from '../../src/modules/analytics/rollup.service';
import { setupTestDb } from '../helpers/db';

const op = (n: number): AnyBulkWriteOperation => ({ insertOne: { document: { n } } });

/** A model stand-in that records each command and answers when told to. */
function fakeModel() {
  const calls: AnyBulkWriteOperation[][] = [];
  const answers: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  const model: BulkWriter = {
    bulkWrite: (ops) =>
      new Promise((resolve, reject) => {
        calls.push(ops);
        answers.push({ resolve: () => resolve({}), reject });
      }),
  };
  const turn = () => new Promise((r) => setImmediate(r));
  return { model, calls, answers, turn };
}

describe('coalescedBulkWrite', () => {
  it('sends an idle collection its write at once, and what arrives meanwhile as one command after it', async () => {
    const { model, calls, answers, turn } = fakeModel();
    const first = coalescedBulkWrite(model, [op(1)]);
    await turn();
    expect(calls).toEqual([[op(1)]]);
    const later = [2, 3, 4].map((n) => coalescedBulkWrite(model, [op(n), op(n * 10)]));
    await turn();
    expect(calls).toHaveLength(1); // still on the wire: the three wait
    answers[0]!.resolve();
    await first;
    await turn();
    expect(calls).toEqual([[op(1)], [op(2), op(20), op(3), op(30), op(4), op(40)]]);
    answers[1]!.resolve();
    await Promise.all(later);
    // idle again: the next write goes alone
    const last = coalescedBulkWrite(model, [op(5)]);
    await turn();
    expect(calls[2]).toEqual([op(5)]);
    answers[2]!.resolve();
    await last;
  });

  it('rejects only the callers whose operations failed, each with its own errors indexed from 0', async () => {
    const { model, answers, turn } = fakeModel();
    const a = coalescedBulkWrite(model, [op(1), op(2)]);
    const b = coalescedBulkWrite(model, [op(3), op(4)]);
    const c = coalescedBulkWrite(model, [op(5)]);
    await turn();
    answers[0]!.reject(
      Object.assign(new Error('E11000'), {
        writeErrors: [
          { index: 3, code: 11000, errmsg: 'dup' },
          { err: { index: 4, code: 121, errmsg: 'invalid' } },
        ],
      }),
    );
    await expect(a).resolves.toBeUndefined();
    const bErr = (await b.catch((e: unknown) => e)) as { writeErrors: unknown[] };
    expect(bErr.writeErrors).toEqual([{ index: 1, code: 11000, errmsg: 'dup' }]);
    expect(onlyDuplicates(bErr)).toBe(true); // the marked rollup write's retry rule still reads it
    await expect(c).rejects.toMatchObject({ code: 121, writeErrors: [{ index: 0, code: 121 }] });
  });

  it('fails every caller of a command that failed as a whole', async () => {
    const { model, answers, turn } = fakeModel();
    const lost = new Error('connection lost');
    const all = [coalescedBulkWrite(model, [op(1)]), coalescedBulkWrite(model, [op(2)])];
    await turn();
    answers[0]!.reject(lost);
    for (const p of all) await expect(p).rejects.toBe(lost);
  });
});

describe('coalescedRead', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it('gives callers of one key one read, and a caller that asks while it is on the wire the read after it', async () => {
    let version = 1;
    const started: number[] = [];
    const answers: Array<() => void> = [];
    const read = () =>
      new Promise<number>((resolve) => {
        const seen = version;
        started.push(seen);
        answers.push(() => resolve(seen));
      });
    const early = [coalescedRead('k', read), coalescedRead('k', read)];
    await turn();
    expect(started).toEqual([1]);
    version = 2; // a write lands while the first read is on the wire; then two more callers ask
    const late = [coalescedRead('k', read), coalescedRead('k', read)];
    await turn();
    expect(started).toEqual([1]); // they wait for a read that starts after them, not the stale one
    answers[0]!();
    expect(await Promise.all(early)).toEqual([1, 1]);
    await turn();
    expect(started).toEqual([1, 2]);
    answers[1]!();
    expect(await Promise.all(late)).toEqual([2, 2]);
    const other = coalescedRead('other', async () => 'x');
    expect(await other).toBe('x');
  });

  it('hands a failed read’s error to each of its callers and reads afresh for the next', async () => {
    const lost = new Error('connection lost');
    const failed = [1, 2].map(() => coalescedRead('f', () => Promise.reject(lost)));
    for (const p of failed) await expect(p).rejects.toBe(lost);
    await expect(coalescedRead('f', async () => 7)).resolves.toBe(7);
  });
});

describe('batchedRead', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it('reads the keys asked together in one read, and keys asked while it is on the wire in the read after it', async () => {
    const rows = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const reads: string[][] = [];
    const answers: Array<() => void> = [];
    const readMany = (keys: string[]) =>
      new Promise<Map<string, number>>((resolve) => {
        reads.push(keys);
        const seen = new Map(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)!]));
        answers.push(() => resolve(seen));
      });
    const early = ['a', 'b', 'a', 'zz'].map((k) => batchedRead('t', k, readMany));
    await turn();
    expect(reads).toEqual([['a', 'b', 'zz']]);
    rows.set('c', 30); // a write lands while the first read is on the wire; then two more callers ask
    const late = ['c', 'a'].map((k) => batchedRead('t', k, readMany));
    await turn();
    expect(reads).toHaveLength(1); // they wait for a read that starts after them
    answers[0]!();
    expect(await Promise.all(early)).toEqual([1, 2, 1, null]);
    await turn();
    expect(reads[1]).toEqual(['c', 'a']);
    answers[1]!();
    expect(await Promise.all(late)).toEqual([30, 1]);
  });

  it('hands a failed read’s error to each of its callers and reads afresh for the next', async () => {
    const lost = new Error('connection lost');
    const failed = ['x', 'y'].map((k) => batchedRead('f', k, () => Promise.reject(lost)));
    for (const p of failed) await expect(p).rejects.toBe(lost);
    await expect(batchedRead('f', 'x', async () => new Map([['x', 7]]))).resolves.toBe(7);
  });
});

describe('coalescedBulkWrite against the database', () => {
  setupTestDb();
  const Counter = mongoose.model(
    'CoalesceCounter',
    new mongoose.Schema({ key: { type: String, unique: true }, n: Number }),
  );

  it('applies concurrent callers’ upserts in fewer commands, every one of them once', async () => {
    await Counter.init();
    const spy = jest.spyOn(Counter, 'bulkWrite');
    const inc = (key: string): AnyBulkWriteOperation => ({
      updateOne: { filter: { key }, update: { $inc: { n: 1 } }, upsert: true },
    });
    await Promise.all(Array.from({ length: 20 }, (_, i) => coalescedBulkWrite(Counter, [inc(`k${i % 3}`)])));
    expect(spy.mock.calls.length).toBeLessThan(20);
    spy.mockRestore();
    const rows = await Counter.find().sort({ key: 1 }).lean();
    expect(rows.map((r) => [r.key, r.n])).toEqual([
      ['k0', 7],
      ['k1', 7],
      ['k2', 6],
    ]);
  });
});
