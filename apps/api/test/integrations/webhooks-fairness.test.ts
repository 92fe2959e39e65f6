// A slow endpoint holds only its own share of the worker: other endpoints' deliveries go on while it hangs.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishBusinessEvents } from '../../src/lib/business-events';
import { createApp } from '../../src/app';
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

setupTestDb();
createApp(); // registers the webhooks' business-events sink
allowLoopbackReceivers(); // the receivers are on loopback

/** A receiver that keeps every request open until released. */
async function hangingReceiver() {
  const open: ServerResponse[] = [];
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      open.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    received: () => received,
    release: () => open.splice(0).forEach((res) => res.writeHead(200).end()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

it('delivers every event to a healthy endpoint while a slow one holds its own cap of attempts', async () => {
  const slow = await hangingReceiver();
  const fast = await startReceiver();
  const owner = await makeUser();
  const store = await makeStore(owner.id);
  // the slow endpoint is older: its deliveries sort first
  await storedEndpoint(owner.id, slow.url);
  await storedEndpoint(owner.id, fast.url);
  const worker = createWebhookWorker({ concurrency: 4, perEndpoint: 2, pollMs: 20 });
  try {
    await publishBusinessEvents(ratingCreatedEvents(owner.id, String(store._id), 8, 'fair'));
    worker.start();
    await until('the healthy endpoint has every event', () => fast.hits.length === 8);
    expect(slow.received()).toBe(2);
    // as the slow endpoint answers, the rest of its deliveries go out
    for (let i = 0; i < 8 && slow.received() < 8; i++) {
      slow.release();
      await until('the slow endpoint is asked again', () => slow.received() > 2 * (i + 1) - 1);
    }
    slow.release();
    expect(slow.received()).toBe(8);
  } finally {
    slow.release();
    await worker.stop();
    await Promise.all([slow.close(), fast.close()]);
  }
});
