// Test factories with overrides: users (with a ready bearer token), stores, staff, shifts and PNG uploads.
import bcrypt from 'bcrypt';
import type { Types } from 'mongoose';
import { DateTime } from 'luxon';
import { PNG } from 'pngjs';
import { signAccessToken } from '../src/lib/auth';
import { UserModel } from '../src/modules/users/user.model';
import { StoreModel } from '../src/modules/stores/store.model';
import { StaffModel } from '../src/modules/staff/staff.model';
import { ShiftModel } from '../src/modules/rota/shift.model';

let seq = 0;
const next = () => ++seq;

export interface MadeUser {
  user: InstanceType<typeof UserModel>;
  id: string;
  password: string;
  token: string;
  auth: { Authorization: string };
}

export async function makeUser(
  overrides: Record<string, unknown> & { password?: string } = {},
): Promise<MadeUser> {
  const { password = 'Passw0rd!', ...rest } = overrides;
  const n = next();
  const user = await UserModel.create({
    fullname: `Test Owner ${n}`,
    email: `owner${n}.${Date.now()}@example.com`,
    passwordHash: await bcrypt.hash(password, 4),
    emailVerifiedAt: new Date(),
    subscriptionStatus: 'active',
    ...rest,
  });
  const token = signAccessToken(String(user._id), user.tokenVersion ?? 0);
  return { user, id: String(user._id), password, token, auth: { Authorization: `Bearer ${token}` } };
}

export async function makeStore(owner: Types.ObjectId | string, overrides: Record<string, unknown> = {}) {
  return StoreModel.create({ owner, name: `Store ${next()}`, timeZone: 'Europe/London', ...overrides });
}

export async function makeStaff(
  owner: Types.ObjectId | string,
  stores: Array<Types.ObjectId | string>,
  overrides: Record<string, unknown> = {},
) {
  return StaffModel.create({
    owner,
    name: `Staff Member ${next()}`,
    role: 'Sales Associate',
    stores,
    ...overrides,
  });
}

/** A shift at the given UTC instants; day defaults to the start's date in the store's zone (Europe/London). */
export async function makeShift(
  owner: Types.ObjectId | string,
  store: { _id: Types.ObjectId; timeZone?: string },
  staff: { _id: Types.ObjectId },
  start: Date,
  end: Date,
) {
  const day = DateTime.fromJSDate(start, { zone: store.timeZone ?? 'Europe/London' }).toISODate()!;
  return ShiftModel.create({ owner, store: store._id, staff: staff._id, start, end, day });
}

/** A tiny valid PNG (solid colour) for upload tests. */
export function makePng(width = 4, height = 4, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

/** A stored rating (no rollups, no fan-out) at an instant; day is the instant's date in the store's zone. */
export async function makeRating(
  store: { _id: Types.ObjectId; owner: Types.ObjectId; timeZone?: string },
  overrides: Record<string, unknown> & { createdAt?: Date } = {},
) {
  const { RatingModel } = await import('../src/modules/ratings/rating.model');
  const createdAt = overrides.createdAt ?? new Date();
  const day = DateTime.fromJSDate(createdAt, { zone: store.timeZone ?? 'Europe/London' }).toISODate()!;
  const doc = await RatingModel.create({
    owner: store.owner,
    store: store._id,
    kind: 'experience',
    score: 3,
    day,
    ...overrides,
    createdAt,
  });
  return doc.toObject();
}

/**
 * Many businesses at once (one insertMany per collection; no passwords, they never log in): `stores` stores each,
 * in the owner's time zone. For the scheduled jobs' tests, which care about how a run scales with their number.
 */
export async function makeBusinesses(n: number, o: { stores?: number; timeZone?: string } = {}) {
  const zone = o.timeZone ?? 'Europe/London';
  const users = await UserModel.insertMany(
    Array.from({ length: n }, () => {
      const k = next();
      return {
        fullname: `Bulk Owner ${k}`,
        email: `bulk${k}.${Date.now()}@example.com`,
        passwordHash: 'not-a-login',
        subscriptionStatus: 'active',
        timeZone: zone,
      };
    }),
  );
  const stores = await StoreModel.insertMany(
    users.flatMap((u) =>
      Array.from({ length: o.stores ?? 1 }, () => ({
        owner: u._id,
        name: `Store ${next()}`,
        timeZone: zone,
      })),
    ),
  );
  return users.map((u) => ({ user: u, stores: stores.filter((s) => String(s.owner) === String(u._id)) }));
}
