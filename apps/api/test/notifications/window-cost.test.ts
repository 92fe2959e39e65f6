// The low-share window rule counts its window in the database: one row read back, however busy the store.
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { useCommandCounter } from '../helpers/commands';
import { setupTestDb } from '../helpers/db';
import { makeShop } from '../feedback/support';
import { T0, accept, alertsOf, onlyRule } from './support';

setupTestDb();
const commands = useCommandCounter();

it('reads back one row for a window of hundreds of ratings, and still fires on the right share', async () => {
  const shop = await makeShop();
  await onlyRule(shop.business.id, {
    type: 'low-share-window',
    maxScore: 2,
    percent: 50,
    minutes: 60,
    minRatings: 4,
  });
  // 400 ratings in the last hour, 200 of them low; flagged ones never count
  const base = {
    business: shop.store.business,
    store: shop.store._id,
    kind: 'experience',
    day: '2026-01-01',
  };
  await RatingModel.insertMany(
    Array.from({ length: 400 }, (_, i) => ({
      ...base,
      score: i < 200 ? 1 : 5,
      createdAt: new Date(T0.getTime() - (i + 1) * 5_000),
      flag: { suspicious: false, reasons: [] },
    })),
  );
  await RatingModel.insertMany(
    Array.from({ length: 50 }, (_, i) => ({
      ...base,
      score: 1,
      createdAt: new Date(T0.getTime() - (i + 1) * 5_000),
      flag: { suspicious: true, reasons: ['test burst'] },
    })),
  );
  const read = await commands.documentsRead('ratings', () => accept(shop, { score: 1 }));
  expect(read).toBeLessThanOrEqual(2);
  const alerts = await alertsOf(shop.business.id);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]!.text).toContain('(201 of 401)');
});
