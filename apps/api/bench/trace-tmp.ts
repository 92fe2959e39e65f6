import { createServer } from 'node:http';
import mongoose from 'mongoose';
import { createApp } from '../src/app';
import { logger } from '../src/lib/logger';
import { benchBusiness, benchDb, listen, ratingRequest } from './support';

async function main() {
  logger.level = 'silent';
  const db = await benchDb('cx_trace', { engineProcess: false });
  await mongoose.disconnect();
  await mongoose.connect(`${db.mongo.uri}cx_trace`, { monitorCommands: true });
  const world = await benchBusiness('t@example.com');
  const app = createServer(createApp());
  const port = await listen(app);
  let log: string[] | null = null;
  const client = mongoose.connection.getClient();
  client.on('commandStarted', (e) => {
    if (!log) return;
    const c = e.command as Record<string, unknown>;
    const coll = c[e.commandName];
    const detail = JSON.stringify(c.filter ?? c.query ?? c.updates ?? c.pipeline ?? c.documents ?? c.deletes ?? '').slice(0, 260);
    log.push(`${e.commandName} ${String(coll)} ${detail}`);
  });
  const send = async (n: number) => {
    const r = ratingRequest(world, n, { comment: n % 4 === 0 ? 'Quick and friendly service.' : '', tags: n % 2 ? ['Friendly'] : [] });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/feedback/staff-ratings`, { method: 'POST', body: r.body, headers: { 'content-type': 'application/json', 'x-forwarded-for': r.ip, 'user-agent': 'bench/1.0' } });
    if (res.status !== 201) throw new Error(String(res.status) + (await res.text()));
  };
  for (let i = 0; i < 20; i++) await send(i);
  await new Promise((r) => setTimeout(r, 500));
  for (const n of [21, 22, 23, 24]) {
    log = [];
    await send(n);
    await new Promise((r) => setTimeout(r, 500));
    console.log(`--- submit ${n}: ${log.length} commands`);
    for (const l of log) console.log(l);
  }
  log = null;
  app.close();
  await db.stop();
  process.exit(0);
}
void main();
