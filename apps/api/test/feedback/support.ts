// Helpers for the customer-journey tests: a ready store with staff, shifts at instants, submits from a given address.
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Types } from 'mongoose';
import { noteRota } from '../../src/modules/rota/rota-presence';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { localDay } from '../../src/lib/time';
import { makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { newDeviceId } from '../helpers/devices';

export const SOCIAL = {
  googleReview: 'https://g.page/r/test-store/review',
  instagram: 'https://www.instagram.com/test.store',
};

export interface Shop {
  business: MadeUser;
  store: Awaited<ReturnType<typeof makeStore>>;
  alice: Awaited<ReturnType<typeof makeStaff>>;
  bob: Awaited<ReturnType<typeof makeStaff>>;
}

/** A business with one store (London unless told) and two active staff members, Alice and Bob. */
export async function makeShop(storeOverrides: Record<string, unknown> = {}): Promise<Shop> {
  const business = await makeUser();
  const store = await makeStore(business.id, { socialLinks: SOCIAL, ...storeOverrides });
  const alice = await makeStaff(business.id, [store._id], { name: 'Alice Archer', role: 'Barista' });
  const bob = await makeStaff(business.id, [store._id], { name: 'Bob Baker', role: 'Cashier' });
  return { business, store, alice, bob };
}

export async function putOnShift(
  shop: Shop,
  member: { _id: Types.ObjectId },
  start: Date,
  end: Date,
): Promise<void> {
  // As the rota module writes one in this process: the submit path knows at once that the store has a rota.
  noteRota([shop.store._id]);
  await ShiftModel.create({
    business: shop.business.id,
    store: shop.store._id,
    staff: member._id,
    start,
    end,
    day: localDay(start, shop.store.timeZone),
  });
}

export const minutes = (n: number) => n * 60 * 1000;
export const key = () => randomUUID();

/** The one phone every submit comes from unless a test gives another device id (newDeviceId()). */
export const PHONE_1 = newDeviceId();

/** Client-side fields every submit carries; a fresh idempotency key unless one is given. */
export function submitBody(store: { _id: Types.ObjectId }, extra: Record<string, unknown> = {}) {
  return { store: String(store._id), idempotencyKey: key(), deviceId: PHONE_1, ...extra };
}

/** A POST as if from the given client address (the app trusts one proxy hop) and browser. */
export function postFrom(
  app: Express | Server,
  path: string,
  body: object,
  ip = '203.0.113.7',
  ua = 'Mozilla/5.0 (iPhone) TestSafari/17',
) {
  return request(app).post(`/api/v1${path}`).set('x-forwarded-for', ip).set('user-agent', ua).send(body);
}
