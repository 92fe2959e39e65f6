// API-key test helpers: a business with a store and ratings, and keys created through the real route.
import request from 'supertest';
import type { Express } from 'express';
import type { TApiKeyScope } from '@cx/contracts';
import { makeRating, makeStore, makeUser, type MadeUser } from '../factories';

export type StoreDoc = Awaited<ReturnType<typeof makeStore>>;

export interface KeyWorld {
  owner: MadeUser;
  storeA: StoreDoc;
  storeB: StoreDoc;
}

/** An owner with two stores, a rating with a comment in each, and a flagged rating at store B. */
export async function keyWorld(): Promise<KeyWorld> {
  const owner = await makeUser();
  const storeA = await makeStore(owner.id, { name: 'Key Store A' });
  const storeB = await makeStore(owner.id, { name: 'Key Store B' });
  await makeRating(storeA, { score: 5, comment: 'comment at store A' });
  await makeRating(storeB, { score: 2, comment: 'comment at store B' });
  await makeRating(storeB, {
    score: 1,
    comment: 'flagged at store B',
    flag: { suspicious: true, reasons: ['burst'] },
  });
  return { owner, storeA, storeB };
}

/** Creates a key as the owner (the real route) and answers its id and secret. */
export async function createKey(
  app: Express,
  owner: MadeUser,
  scopes: TApiKeyScope[],
  stores?: string[],
): Promise<{ id: string; key: string; auth: { Authorization: string } }> {
  const res = await request(app)
    .post('/api/v1/integrations/api-keys')
    .set(owner.auth)
    .send({ name: `Key ${scopes.join('+')}`, scopes, stores })
    .expect(201);
  return { id: res.body._id, key: res.body.key, auth: { Authorization: `Bearer ${res.body.key}` } };
}
