// The webhook worker yields to customers: it spaces its new work while the database answers slowly, then catches up.
import { publishBusinessEvents } from '../../src/lib/business-events';
import { createApp } from '../../src/app';
import { WebhookEventModel } from '../../src/modules/integrations/webhook.model';
import { createPacer } from '../../src/modules/integrations/webhooks.pacing';
import { createWebhookWorker } from '../../src/modules/integrations/webhooks.worker';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import {
  allowLoopbackReceivers,
  ratingCreatedEvents,
  startReceiver,
  storedEndpoint,
  until,
} from './webhook-support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the pacer', () => {
  const clocked = () => {
    let t = 0;
    const pacer = createPacer({ probe: async () => {}, now: () => t, maxGapMs: 1_000 });
    return { pacer, advance: (ms: number) => void (t += ms) };
  };

  it('spaces nothing while round trips stay near the fastest seen', () => {
    const { pacer } = clocked();
    for (const rtt of [1, 1.5, 2.8, 1, 3.9]) pacer.observe(rtt);
    expect(pacer.gapMs()).toBe(0);
  });

  it('doubles the spacing while most recent round trips are slow, up to its bound, and halves it when most are fast', () => {
    const { pacer } = clocked();
    pacer.observe(1);
    pacer.observe(40); // one slow probe (a pause) is not a queue
    pacer.observe(1);
    expect(pacer.gapMs()).toBe(0);
    const gaps = [40, 40, 40, 40].map((rtt) => (pacer.observe(rtt), pacer.gapMs()));
    expect(gaps).toEqual([0, 2, 4, 8]);
    for (let i = 0; i < 20; i++) pacer.observe(40);
    expect(pacer.gapMs()).toBe(1_000);
    // one fast probe (the queue empty for a moment) is not the end of the burst
    const back = [1, 1, 1, 1].map((rtt) => (pacer.observe(rtt), pacer.gapMs()));
    expect(back).toEqual([1_000, 1_000, 500, 250]);
    for (let i = 0; i < 10; i++) pacer.observe(1);
    expect(pacer.gapMs()).toBe(0);
  });

  it('takes a slowness that lasts beyond ten minutes as the new normal', () => {
    const { pacer, advance } = clocked();
    pacer.observe(1);
    for (let minute = 0; minute < 9; minute++) {
      advance(60_000);
      pacer.observe(40);
      pacer.observe(40);
    }
    expect(pacer.gapMs()).toBeGreaterThan(0);
    advance(2 * 60_000);
    for (let i = 0; i < 12; i++) pacer.observe(40);
    expect(pacer.gapMs()).toBe(0);
  });

  it('starts units of work at least the gap apart', async () => {
    const pacer = createPacer({ probe: () => sleep(30), everyMs: 5, maxGapMs: 64 });
    pacer.observe(0.1);
    for (let i = 0; i < 8; i++) pacer.observe(30);
    expect(pacer.gapMs()).toBe(64);
    const starts: number[] = [];
    for (let i = 0; i < 4; i++) {
      await pacer.turn();
      starts.push(performance.now());
    }
    pacer.stop();
    const spacing = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(Math.min(...spacing)).toBeGreaterThanOrEqual(60);
  });
});

describe('the worker under a slow database', () => {
  setupTestDb();
  createApp(); // registers the webhooks' business-events sink
  allowLoopbackReceivers(); // the receivers are on loopback

  it('fans out a trickle while its probe is slow, and every event once it is fast again', async () => {
    const receiver = await startReceiver();
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    await storedEndpoint(owner.id, receiver.url);
    let probeMs = 40;
    const pacer = createPacer({ probe: () => sleep(probeMs), everyMs: 5, maxGapMs: 250 });
    pacer.observe(0.5);
    for (let i = 0; i < 10; i++) pacer.observe(40);
    const worker = createWebhookWorker({ pacer, pollMs: 20 });
    try {
      worker.start();
      await publishBusinessEvents(ratingCreatedEvents(owner.id, String(store._id), 40, 'paced'));
      await sleep(1_000);
      // one event per step, a step every 250 ms: about five in a second (unpaced, all forty go in one step)
      expect(await WebhookEventModel.countDocuments()).toBeGreaterThan(30);
      expect(receiver.hits.length).toBeLessThan(10);
      probeMs = 0;
      await until('every event delivered', () => receiver.hits.length === 40);
      await until('the spacing gone', () => pacer.gapMs() === 0);
    } finally {
      await worker.stop();
      await receiver.close();
    }
  });
});
