// An ordinary staff-rating submit, counted with mongoose's debug hook: at most 4 sequential database round trips and no
// write but the rating, its interval guard, its burst counters and the rollups (no housekeeping such as old salts).
import mongoose from 'mongoose';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { submitRating } from '../../src/modules/feedback/feedback.service';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, minutes, putOnShift, submitBody } from './support';

// The service without createApp: the after-answer reactions (notification rules, realtime) are registered by the app
// and run after the customer's answer, so they are not part of the submit being counted here.
setupTestDb();
afterEach(() => {
  mongoose.set('debug', false);
});
const phone = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone) TestSafari/17' };

type TOp = { round: number; op: string };

/**
 * Records every operation mongoose sends, grouped into rounds: operations issued before the event loop gets back to
 * its I/O phase were sent together (one round trip); one issued after an answer came back starts the next round.
 */
function recordOperations(): TOp[] {
  const ops: TOp[] = [];
  let round = 0;
  let open = false;
  mongoose.set('debug', (collection: string, method: string) => {
    if (!open) {
      round += 1;
      open = true;
      setImmediate(() => {
        open = false;
      });
    }
    ops.push({ round, op: `${collection}.${method}` });
  });
  return ops;
}

const WRITES =
  /\.(insertOne|insertMany|updateOne|updateMany|deleteOne|deleteMany|bulkWrite|findOneAndUpdate|findOneAndDelete|replaceOne)$/;

describe('staff-rating submit, database operations', () => {
  it.each([4, 5])(
    'a %i-star rating: ≤ 4 sequential round trips, writes only the rating, its guard, its burst counters and the rollups',
    async (score) => {
      const shop = await makeShop();
      const now = Date.now();
      await putOnShift(shop, shop.alice, new Date(now - minutes(30)), new Date(now + minutes(30)));
      // Another phone's rating first: the instance has today's salt, as it has after its first request of the day.
      await submitRating(
        {
          kind: 'staff',
          ...submitBody(shop.store, { staff: String(shop.bob._id), score: 3, deviceId: newDeviceId() }),
        } as never,
        { ip: '198.51.100.9', userAgent: 'Other' },
      );
      // Let anything the set-up started in the background finish before counting.
      await new Promise((r) => setTimeout(r, 200));

      const recorded = recordOperations();
      const result = await submitRating(
        { kind: 'staff', ...submitBody(shop.store, { staff: String(shop.alice._id), score }) } as never,
        phone,
      );
      mongoose.set('debug', false);
      // The rating's pending-entry clean-up runs in the background after the rollups (track()), whether or not the
      // answer has gone out yet: it is not a round trip the customer waits for.
      const ops = recorded.filter((o) => o.op !== 'ratings.updateOne');
      expect(result.replayed).toBe(false);

      const rounds = Math.max(...ops.map((o) => o.round));
      const byRound = [...new Set(ops.map((o) => o.round))].map((r) =>
        ops
          .filter((o) => o.round === r)
          .map((o) => o.op)
          .sort(),
      );
      // the fourth: burst counting waits until no rule can refuse the rating (a refused one must not count)
      if (rounds > 4) throw new Error(`${rounds} sequential round trips: ${JSON.stringify(byRound)}`);
      const writes = ops
        .map((o) => o.op)
        .filter((op) => WRITES.test(op))
        .sort();
      // the store, person and business rollups: one bulkWrite per collection, sent together; the guard's claim and the
      // rating's insert as bulk writes shared with the other submits waiting for their collection (none here)
      expect(writes).toEqual([
        'burstcounters.findOneAndUpdate',
        'burstcounters.findOneAndUpdate',
        'businessrollups.bulkWrite',
        'ratingguards.bulkWrite',
        'ratings.bulkWrite',
        'rollups.bulkWrite',
      ]);
      expect(ops.some((o) => /dailysalts/.test(o.op))).toBe(false);
      expect(await RatingModel.countDocuments({ staff: shop.alice._id, score })).toBe(1);
    },
  );
});
