// The store import at 1,000 stores on the embedded engine: seconds for the dry run, the confirm and a re-import, with
// the MongoDB commands each sent (bulk writes, not one save per store).
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import request from 'supertest';
import { createApp } from '../src/app';
import { logger } from '../src/lib/logger';
import { StoreModel } from '../src/modules/stores/store.model';
import { makeUser } from '../test/factories';
import { backendLabel, benchDb, serverCounters, type ServerCounters } from './support';

const STORES = Number(process.env.BENCH_IMPORT_STORES ?? 1000);
const ZONES = ['Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo'];
const REGIONS = ['UK', 'France', 'US', 'Japan'];

/** STORES rows in 4 regions × 5 districts, four zones, a tag or two each. */
export function chainCsv(n: number, rename = false): string {
  const lines = ['code,name,area,timezone,address,tags'];
  for (let i = 0; i < n; i++) {
    const r = i % REGIONS.length;
    const area = `${REGIONS[r]} > District ${(i % 5) + 1}`;
    const name = `${rename && i % 10 === 0 ? 'Renamed' : 'Store'} ${i + 1}`;
    lines.push(
      `S-${String(i + 1).padStart(5, '0')},${name},${area},${ZONES[r]},"${i + 1} High Street",${i % 3 ? 'company' : 'franchise; mall'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function commandsBetween(before: ServerCounters, after: ServerCounters): string {
  const rows = [...after.commands]
    .map(([name, total]) => [name, total - (before.commands.get(name) ?? 0)] as const)
    .filter(([name, n]) => n > 0 && name !== 'serverStatus')
    .sort((a, b) => b[1] - a[1]);
  const sum = rows.reduce((acc, [, n]) => acc + n, 0);
  return `${sum} MongoDB commands (${rows.map(([name, n]) => `${name} ${n}`).join(', ')})`;
}

export async function run(): Promise<void> {
  logger.level = 'warn';
  const db = await benchDb('cx_bench_import');
  const server: Server = createServer(createApp());
  try {
    const owner = await makeUser({ fullname: 'Import Bench Owner' });
    const phase = async (label: string, csv: string, dryRun: boolean) => {
      const before = await serverCounters();
      const started = performance.now();
      const res = await request(server)
        .post('/api/v1/stores/import')
        .set(owner.auth)
        .field('dryRun', String(dryRun))
        .attach('file', Buffer.from(csv), 'stores.csv');
      const seconds = (performance.now() - started) / 1000;
      const after = await serverCounters();
      if (res.status !== 200)
        throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      const t = res.body.totals as Record<string, number>;
      console.log(
        `${label.padEnd(22)} ${seconds.toFixed(2)} s  created ${t.created}, changed ${t.changed}, moved ${t.moved}, ` +
          `unchanged ${t.unchanged}, areas ${t.areasCreated}  ${commandsBetween(before, after)}`,
      );
      return seconds;
    };
    console.log(`import bench: ${STORES} stores, MongoDB ${backendLabel(db.mongo)}`);
    await phase('dry run', chainCsv(STORES), true);
    const confirm = await phase('confirm (all new)', chainCsv(STORES), false);
    await phase('re-import (no change)', chainCsv(STORES), false);
    await phase('rename every tenth', chainCsv(STORES, true), false);
    const stored = await StoreModel.countDocuments({ business: owner.id, deletedAt: null });
    console.log(`${STORES} stores imported in ${confirm.toFixed(2)} s (limit 60 s): ${stored} stores stored`);
    if (stored !== STORES || confirm >= 60) process.exitCode = 1;
  } finally {
    await db.stop();
  }
}
