// The scheduler's lock lease (renewed while a run lasts) across two instances, and which process runs the jobs.
import mongoose from 'mongoose';
import type { Db } from 'mongodb';
import { scheduledJobs, startApiJobs, startWebhookDelivery } from '../../src/jobs/registry';
import { deliveryRow, insertDeliveries } from '../../src/modules/integrations/webhooks.queue';
import { makeUser } from '../factories';
import {
  allowLoopbackReceivers,
  startReceiver,
  storedEndpoint,
  until,
} from '../integrations/webhook-support';
import { pipelineJobs } from '../../src/modules/feedback/pipeline.drain';
import { startScheduler, type Scheduler } from '../../src/lib/scheduler';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const db = () => mongoose.connection.db as unknown as Db;
const stops: Array<Pick<Scheduler, 'stop'>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s.stop()));
  await db().collection('agendaJobs').deleteMany({}); // agenda's own collection: not a model, so not cleared for us
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduler lock lease', () => {
  it('never starts a run twice while it outlasts its lease on another polling instance', async () => {
    const runs: Array<{ start: number; end?: number }> = [];
    const job = {
      name: 'test:long-run',
      every: '1 second',
      lease: 600,
      run: async () => {
        const run: { start: number; end?: number } = { start: Date.now() };
        runs.push(run);
        await sleep(2500); // four leases long
        run.end = Date.now();
      },
    };
    for (const name of ['worker-a', 'worker-b']) {
      stops.push(await startScheduler([job], { db: db(), name, processEvery: 100 }));
    }
    await sleep(4500);
    const finished = runs.filter((r) => r.end !== undefined);
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect(finished[0]!.end! - finished[0]!.start).toBeGreaterThan(4 * job.lease - 100);
    // no run started while another was still going, on either instance
    const sorted = [...runs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end ?? Infinity);
    }
  });
});

describe('where the jobs run (JOBS)', () => {
  const jobDocs = () =>
    db()
      .collection('agendaJobs')
      .find({}, { projection: { name: 1 } })
      .toArray();

  const pipelineNames = () => pipelineJobs().map((j) => j.name);

  it('JOBS=off leaves the scheduled jobs to the worker: the API registers only the drain of derived work', async () => {
    stops.push(await startApiJobs('off'));
    const names = (await jobDocs()).map((d) => d.name as string).sort();
    expect(names).toEqual(pipelineNames().sort());
    expect(names).not.toContain('notifications:summaries');
  });

  it('JOBS=inline registers every job of the shared list, once', async () => {
    stops.push(await startApiJobs('inline'));
    const names = (await jobDocs()).map((d) => d.name as string).sort();
    expect(names).toEqual([...scheduledJobs().map((j) => j.name), ...pipelineNames()].sort());
    expect(names).toContain('notifications:summaries');
    expect(names).toContain('analytics:settle-closed-days');
  });
});

describe('where webhooks are delivered (JOBS)', () => {
  allowLoopbackReceivers(); // the receivers are on loopback

  async function queuedTo(url: string) {
    const owner = await makeUser();
    const endpoint = await storedEndpoint(owner.id, url);
    const at = new Date();
    await insertDeliveries([
      deliveryRow(endpoint, { eventId: 'rating.created:jobs', type: 'rating.created', payload: '{}', at }),
    ]);
  }

  it('JOBS=inline: the API process delivers', async () => {
    const receiver = await startReceiver();
    try {
      await queuedTo(receiver.url);
      stops.push(await startApiJobs('inline'));
      await until('the API process delivers', () => receiver.hits.length === 1);
    } finally {
      await receiver.close();
    }
  });

  it('JOBS=off: the API process leaves deliveries to the worker, which delivers them', async () => {
    const receiver = await startReceiver();
    try {
      await queuedTo(receiver.url);
      stops.push(await startApiJobs('off'));
      // an API loop would have claimed it at once
      await sleep(1000);
      expect(receiver.hits).toHaveLength(0);
      stops.push(startWebhookDelivery()); // what `node dist/worker.js` starts beside its jobs
      await until('the worker delivers', () => receiver.hits.length === 1);
    } finally {
      await receiver.close();
    }
  });
});
