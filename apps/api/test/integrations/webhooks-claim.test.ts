// The claim asks each endpoint for its own due deliveries: an endpoint at its cap is never walked, whatever its backlog.
import type { Types } from 'mongoose';
import mongoose from 'mongoose';
import { createClaimer } from '../../src/modules/integrations/webhooks.claim';
import { deliveryRow, insertDeliveries } from '../../src/modules/integrations/webhooks.queue';
import { makeUser } from '../factories';
import { useCommandCounter } from '../helpers/commands';
import { setupTestDb } from '../helpers/db';
import { storedEndpoint } from './webhook-support';

setupTestDb();
const commands = useCommandCounter();

/** The filters of the finds sent to webhookdeliveries while fn runs. */
async function deliveryFinds(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const filters: Record<string, unknown>[] = [];
  const client = mongoose.connection.getClient();
  const seen = (e: { commandName: string; command: Record<string, unknown> }) => {
    if (e.commandName === 'find' && e.command.find === 'webhookdeliveries')
      filters.push(e.command.filter as Record<string, unknown>);
  };
  client.on('commandStarted', seen);
  try {
    await fn();
  } finally {
    client.off('commandStarted', seen);
  }
  return filters;
}

async function twoEndpoints(backlog: number) {
  const owner = await makeUser();
  const slow = await storedEndpoint(owner.id, 'https://slow.example/hook');
  const fast = await storedEndpoint(owner.id, 'https://fast.example/hook');
  const t0 = Date.now() - 60_000;
  const row = (ep: typeof slow, n: number, at: number) =>
    deliveryRow(ep, {
      eventId: `e-${String(ep._id)}-${n}`,
      type: 'rating.created',
      payload: '{}',
      at: new Date(at),
    });
  // the slow endpoint's backlog is older than anything the fast one has
  await insertDeliveries(Array.from({ length: backlog }, (_, n) => row(slow, n, t0 + n)));
  await insertDeliveries(Array.from({ length: 3 }, (_, n) => row(fast, n, t0 + backlog + n)));
  return { slow: String(slow._id), fast: String(fast._id) };
}

it('never walks the backlog of an endpoint at its cap, and reads back only what it takes', async () => {
  const { slow, fast } = await twoEndpoints(300);
  const claimer = createClaimer(0);
  let claimed: Awaited<ReturnType<typeof claimer.claim>> = [];
  const read = await commands.documentsRead('webhookdeliveries', async () => {
    const finds = await deliveryFinds(async () => {
      claimed = await claimer.claim(new Date(), 8, new Map([[slow, 2]]), 2);
    });
    const asked = finds.map((f) => (f.endpoint ? String(f.endpoint as Types.ObjectId) : null));
    expect(asked).not.toContain(slow);
    expect(asked).toContain(fast);
  });
  expect(claimed.map((d) => String(d.endpoint))).toEqual([fast, fast]);
  // the fast endpoint's 2 (its cap), read once to pick and once under the lease
  expect(read).toBeLessThanOrEqual(4);
});

it('takes the oldest due deliveries within each endpoint cap, across endpoints', async () => {
  const { slow, fast } = await twoEndpoints(5);
  const claimed = await createClaimer(0).claim(new Date(), 3, new Map(), 2);
  const by = (id: string) =>
    claimed
      .filter((d) => String(d.endpoint) === id)
      .map((d) => d.eventId)
      .sort();
  expect(by(slow)).toEqual([`e-${slow}-0`, `e-${slow}-1`]);
  expect(by(fast)).toEqual([`e-${fast}-0`]);
  // leased: a second claim takes the next ones, never the same
  const next = await createClaimer(0).claim(new Date(), 10, new Map(), 10);
  const first = new Set(claimed.map((d) => d.eventId));
  expect(next.filter((d) => first.has(d.eventId))).toEqual([]);
  expect(next).toHaveLength(5);
});
