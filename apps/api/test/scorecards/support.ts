// Scorecard test data: counted ratings with their rollups (as the submit path writes them), binary bodies.
import type { Types } from 'mongoose';
import type request from 'supertest';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { localDay, localHour } from '../../src/lib/time';
import { RatingModel } from '../../src/modules/ratings/rating.model';

type StoreRef = { _id: Types.ObjectId; timeZone: string };

/** A counted rating (now minus hoursAgo) and its rollups; an experience rating credits the people on shift. */
export async function rate(
  business: string,
  store: StoreRef,
  o: {
    staff?: { _id: Types.ObjectId } | null;
    score: number;
    hoursAgo?: number;
    comment?: string;
    onShift?: Array<{ _id: Types.ObjectId }>;
    shoutOut?: { staff: Types.ObjectId; hidden: boolean };
  },
) {
  const at = new Date(Date.now() - (o.hoursAgo ?? 1) * 3600000);
  const doc = {
    business,
    store: store._id,
    staff: o.staff?._id ?? null,
    kind: o.staff ? ('staff' as const) : ('experience' as const),
    score: o.score,
    comment: o.comment ?? '',
    day: localDay(at, store.timeZone),
    hour: localHour(at, store.timeZone),
    onShift: o.onShift?.map((p) => p._id),
    shoutOut: o.shoutOut,
    createdAt: at,
  };
  const created = await RatingModel.create(doc);
  await recordRatingInRollups(doc);
  return created;
}

/** supertest: keep a binary body as a Buffer. */
export function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
