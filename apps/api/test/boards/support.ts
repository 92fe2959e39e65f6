// Shared by the board tests: a shop with rated staff in the rollups, and ratings with a shout-out set directly.
import type { Types } from 'mongoose';
import request from 'supertest';
import type { Express } from 'express';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { setMinSample } from '../../src/modules/analytics/analytics-settings.model';
import type { RatingFacts } from '../../src/modules/analytics/rollup.contribution';
import { makeRating, type MadeUser } from '../factories';

type StoreLike = { _id: Types.ObjectId; business: Types.ObjectId; timeZone?: string };

/** A rating stored and counted in the rollups (as the pipeline would), minutes ago today. */
export async function rated(store: StoreLike, overrides: Record<string, unknown> = {}) {
  const doc = await makeRating(store, { createdAt: new Date(Date.now() - 60_000), ...overrides });
  await recordRatingInRollups(doc as unknown as RatingFacts);
  return doc;
}

/** A staff rating of the person with a comment the insight reaction labelled (and, when it names them, a shout-out). */
export const shoutOut = (
  store: StoreLike,
  staff: { _id: Types.ObjectId },
  comment: string,
  label: 'positive' | 'neutral' | 'negative' = 'positive',
  extra: Record<string, unknown> = {},
) =>
  rated(store, {
    kind: 'staff',
    staff: staff._id,
    score: 5,
    comment,
    insight: { language: 'en', sentiment: { label, score: label === 'positive' ? 0.8 : -0.2 }, themes: [] },
    shoutOut: { staff: staff._id, hidden: false },
    ...extra,
  });

export const useMinSample = (business: string, n: number) => setMinSample(business, n);

export async function createBoard(app: Express, who: MadeUser, store: { _id: unknown }) {
  const res = await request(app)
    .post('/api/v1/boards')
    .set(who.auth)
    .send({ store: String(store._id) });
  const token = typeof res.body.url === 'string' ? (res.body.url as string).split('/board/')[1] : undefined;
  return { res, token: token ?? '', id: res.body._id as string };
}

export const publicBoard = (app: Express, token: string) =>
  request(app).get(`/api/v1/boards/public/${token}`);
