// serverStatus: mongod's opcounters, metrics.commands and the server's CPU time, read as deltas by benchmarks.
import type { Db } from 'mongodb';
import { serverError, useHarness } from './helpers';

let db: Db;
useHarness((fresh) => (db = fresh));

interface Status {
  opcounters: Record<string, number>;
  metrics: { commands: Record<string, { total: number; failed: number }> };
  extra_info: { user_time_us: number; system_time_us: number };
}

const status = async () => (await db.admin().command({ serverStatus: 1 })) as unknown as Status;
const total = (s: Status, name: string) => s.metrics.commands[name]?.total ?? 0;
const failed = (s: Status, name: string) => s.metrics.commands[name]?.failed ?? 0;

describe('serverStatus', () => {
  test('opcounters count inserted documents, update and delete statements, finds and getMores', async () => {
    const c = db.collection('ops');
    const before = await status();
    await c.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
    await db.command({
      update: 'ops',
      updates: [
        { q: { a: 1 }, u: { $set: { b: 1 } } },
        { q: { a: 2 }, u: { $set: { b: 2 } } },
      ],
    });
    await c.deleteOne({ a: 3 });
    await c.find({}, { batchSize: 1 }).toArray();
    await c.countDocuments();
    const after = await status();
    const delta = (k: string) => (after.opcounters[k] ?? 0) - (before.opcounters[k] ?? 0);
    expect(delta('insert')).toBe(3);
    expect(delta('update')).toBe(2);
    expect(delta('delete')).toBe(1);
    expect(delta('query')).toBe(1);
    expect(delta('getmore')).toBe(1);
    // the countDocuments aggregate and the second serverStatus
    expect(delta('command')).toBe(2);
  });

  test('metrics.commands counts each command under its registered name, with its failures', async () => {
    const before = await status();
    await db.command({ findandmodify: 'fam', query: {}, update: { $set: { x: 1 } }, upsert: true });
    await serverError(db.command({ find: 'fam', filter: { $foo: 1 } }));
    await serverError(db.command({ noSuchCommand: 1 }));
    const after = await status();
    expect(total(after, 'findAndModify') - total(before, 'findAndModify')).toBe(1);
    expect(total(after, 'find') - total(before, 'find')).toBe(1);
    expect(failed(after, 'find') - failed(before, 'find')).toBe(1);
    expect(total(after, '<UNKNOWN>') - total(before, '<UNKNOWN>')).toBe(1);
    expect(total(after, 'serverStatus') - total(before, 'serverStatus')).toBe(1);
  });

  test("extra_info reports the server process's CPU time, which grows with work", async () => {
    const before = await status();
    const c = db.collection('cpu');
    await c.insertMany(Array.from({ length: 2000 }, (_, i) => ({ i, s: `value ${i}` })));
    await c.find({ s: { $regex: '9$' } }).toArray();
    const after = await status();
    const cpu = (s: Status) => s.extra_info.user_time_us + s.extra_info.system_time_us;
    expect(cpu(after)).toBeGreaterThan(cpu(before));
  });
});
