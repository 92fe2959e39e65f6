// Benchmark: 1,000 insertOne calls and 1,000 findOne lookups (unique-indexed vs non-indexed field) through the mongodb driver.
import { MongoClient } from 'mongodb';
import { startOfflineEngine } from '../src/server';

const N = 1000;

async function time(label: string, fn: (i: number) => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await fn(i);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `${label.padEnd(40)} ${ms.toFixed(1).padStart(9)} ms total  ${Math.round((N / ms) * 1000)
      .toString()
      .padStart(7)} ops/s`,
  );
  return ms;
}

async function main(): Promise<void> {
  const engine = await startOfflineEngine({ port: 0 });
  const client = await MongoClient.connect(`${engine.uri}bench`);
  try {
    const coll = client.db().collection<{ key: string; free: string; n: number }>('items');
    await coll.createIndex({ key: 1 }, { unique: true });
    // warm-up so the first measured call does not pay for connection setup / JIT
    await coll.insertOne({ key: 'warm', free: 'warm', n: -1 });
    await coll.findOne({ key: 'warm' });

    console.log(`offline engine at ${engine.uri} — ${N} operations each`);
    await time('insertOne', (i) => coll.insertOne({ key: `k${i}`, free: `f${i}`, n: i }));
    const lookups = async (size: number): Promise<void> => {
      const pick = (i: number) => (i * 7919) % size;
      // warm both code paths (driver + engine JIT) so neither measurement pays for it
      for (let i = 0; i < 300; i++) {
        await coll.findOne({ key: `k${pick(i)}` });
        await coll.findOne({ free: `f${pick(i)}` });
      }
      const indexed = await time(`findOne by unique indexed key (${size} docs)`, (i) =>
        coll.findOne({ key: `k${pick(i)}` }),
      );
      const scanned = await time(`findOne by non-indexed field (${size} docs)`, (i) =>
        coll.findOne({ free: `f${pick(i)}` }),
      );
      console.log(
        `non-indexed / indexed lookup time ratio at ${size} docs: ${(scanned / indexed).toFixed(2)}x`,
      );
    };
    await lookups(N);
    // at 1,000 documents the loopback round trip dominates; a bigger collection shows what the index saves
    const BIG = 50_000;
    for (let start = N; start < BIG; start += 5000) {
      await coll.insertMany(
        Array.from({ length: 5000 }, (_, j) => ({
          key: `k${start + j}`,
          free: `f${start + j}`,
          n: start + j,
        })),
      );
    }
    await lookups(BIG);
  } finally {
    await client.close();
    await engine.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
