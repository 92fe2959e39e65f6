// `migrate` drops the indexes the models no longer declare (mongoose never does), once.
import mongoose from 'mongoose';
import { WebhookDeliveryModel } from '../../src/modules/integrations/webhook.model';
import { dropRetiredIndexes } from '../../src/scripts/retired-indexes';
import { setupTestDb } from '../helpers/db';

setupTestDb();

it('drops the old oldest-first webhook claim index, keeps the current ones, and does nothing the second time', async () => {
  const coll = WebhookDeliveryModel.collection;
  await WebhookDeliveryModel.init();
  // what a database written before the per-endpoint claim still holds
  await coll.createIndex(
    { nextAttemptAt: 1 },
    { partialFilterExpression: { status: 'pending' }, name: 'due_pending' },
  );
  const names = async () => (await coll.listIndexes().toArray()).map((i) => i.name as string).sort();
  expect(await names()).toContain('due_pending');
  expect(await dropRetiredIndexes(mongoose.connection.db!)).toBe(1);
  expect(await names()).not.toContain('due_pending');
  expect(await names()).toContain('due_by_endpoint');
  expect(await dropRetiredIndexes(mongoose.connection.db!)).toBe(0);
});
