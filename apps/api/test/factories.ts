// Test factories with overrides: users (with a ready bearer token), stores, staff, shifts and PNG uploads (good and bad).
import bcrypt from 'bcrypt';
import { Types } from 'mongoose';
import { crc32, deflateSync } from 'node:zlib';
import { DateTime } from 'luxon';
import { PNG } from 'pngjs';
import { signAccessToken } from '../src/lib/auth';
import { UserModel } from '../src/modules/users/user.model';
import { BusinessModel } from '../src/tenancy/business.model';
import { MembershipModel } from '../src/tenancy/membership.model';
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

const BUSINESS_FIELDS = new Set([
  'subscriptionStatus', 'trialEndsAt', 'currentPeriodEnd', 'currentPeriodStart', 'plan', 'stripeCustomerId',
  'stripeSubscriptionId', 'cancelAtPeriodEnd', 'pastDueSince', 'billingOrder',
]);

async function makePerson(fields: Record<string, unknown>, password: string) {
  const n = next();
  const user = await UserModel.create({
    fullname: `Test Owner ${n}`,
    email: `owner${n}.${Date.now()}@example.com`,
    passwordHash: await bcrypt.hash(password, 4),
    emailVerifiedAt: new Date(),
    ...fields,
  });
  const token = signAccessToken(String(user._id), user.tokenVersion ?? 0);
  return { user, id: String(user._id), password, token, auth: { Authorization: `Bearer ${token}` } };
}

/** A person who founded a business (its owner; the business id is their id); subscription overrides go to it. */
export async function makeUser(
  overrides: Record<string, unknown> & { password?: string } = {},
): Promise<MadeUser> {
  const { password = 'Passw0rd!', ...rest } = overrides;
  const userFields: Record<string, unknown> = {};
  const businessFields: Record<string, unknown> = { subscriptionStatus: 'active' };
  for (const [k, v] of Object.entries(rest)) (BUSINESS_FIELDS.has(k) ? businessFields : userFields)[k] = v;
  const made = await makePerson(userFields, password);
  await BusinessModel.create({
    _id: made.user._id,
    name: `${made.user.fullname}'s business`,
    createdBy: made.user._id,
    timeZone: made.user.timeZone,
    ...businessFields,
  });
  await MembershipModel.create({ business: made.user._id, user: made.user._id, role: 'owner' });
  await UserModel.updateOne({ _id: made.user._id }, { $set: { currentBusiness: made.user._id } });
  return made;
}

/** A member of an existing business with a role and (for managers and viewers) stores; their current business. */
export async function makeMember(
  business: Types.ObjectId | string,
  role: 'admin' | 'manager' | 'viewer',
  stores: Array<Types.ObjectId | string> | null = null,
  overrides: Record<string, unknown> = {},
): Promise<MadeUser> {
  const made = await makePerson({ currentBusiness: business, ...overrides }, 'Passw0rd!');
  await MembershipModel.create({
    business,
    user: made.user._id,
    role,
    allStores: stores === null,
    stores: stores ?? [],
  });
  return made;
}

/** A manager or viewer granted areas (every store under them, now and later) and, optionally, stores. */
export async function makeAreaMember(
  business: Types.ObjectId | string,
  role: 'manager' | 'viewer',
  areas: Array<Types.ObjectId | string>,
  stores: Array<Types.ObjectId | string> = [],
  overrides: Record<string, unknown> = {},
): Promise<MadeUser> {
  const made = await makePerson({ currentBusiness: business, ...overrides }, 'Passw0rd!');
  await MembershipModel.create({ business, user: made.user._id, role, allStores: false, stores, areas });
  return made;
}

export async function makeStore(business: Types.ObjectId | string, overrides: Record<string, unknown> = {}) {
  return StoreModel.create({ business, name: `Store ${next()}`, timeZone: 'Europe/London', ...overrides });
}

export async function makeStaff(
  business: Types.ObjectId | string,
  stores: Array<Types.ObjectId | string>,
  overrides: Record<string, unknown> = {},
) {
  return StaffModel.create({
    business,
    name: `Staff Member ${next()}`,
    role: 'Sales Associate',
    stores,
    ...overrides,
  });
}

/** A shift at the given UTC instants; day defaults to the start's date in the store's zone (Europe/London). */
export async function makeShift(
  business: Types.ObjectId | string,
  store: { _id: Types.ObjectId; timeZone?: string },
  staff: { _id: Types.ObjectId },
  start: Date,
  end: Date,
) {
  const day = DateTime.fromJSDate(start, { zone: store.timeZone ?? 'Europe/London' }).toISODate()!;
  return ShiftModel.create({ business, store: store._id, staff: staff._id, start, end, day });
}

/** A tiny valid PNG (solid colour) for upload tests. */
export function makePng(width = 4, height = 4, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

/** A stored rating (no rollups, no fan-out) at an instant; day is the instant's date in the store's zone. */
export async function makeRating(
  store: { _id: Types.ObjectId; business: Types.ObjectId; timeZone?: string },
  overrides: Record<string, unknown> & { createdAt?: Date } = {},
) {
  const { RatingModel } = await import('../src/modules/ratings/rating.model');
  const createdAt = overrides.createdAt ?? new Date();
  const day = DateTime.fromJSDate(createdAt, { zone: store.timeZone ?? 'Europe/London' }).toISODate()!;
  const doc = await RatingModel.create({
    business: store.business,
    store: store._id,
    kind: 'experience',
    score: 3,
    day,
    ...overrides,
    createdAt,
  });
  return doc.toObject();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A "decompression bomb": a valid PNG of side × side 1-bit black pixels (32768 → over a gigapixel) whose rows of zeros
 * deflate to about 130 kB, well under the upload limit.
 */
export function makePixelBombPng(side = 32768): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side); // each row: filter byte 0, then zeros
  const pixels = deflateSync(rows, { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts with PNG's signature, so content sniffing takes it for a PNG, but nothing after it is an image. */
export function makeUndecodablePng(): Buffer {
  return Buffer.concat([PNG_SIGNATURE, Buffer.from('this is not really a picture of anybody')]);
}

/** A real PNG cut off part-way through its pixels: its header reads fine, its pixels do not decode. */
export function makeTruncatedPng(): Buffer {
  const png = new PNG({ width: 300, height: 200 });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 7919) % 251; // noise, so the pixels do not compress away
  const whole = PNG.sync.write(png);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/**
 * Many businesses at once (one insertMany per collection; no passwords, they never log in), each with its owner's
 * membership and `stores` stores in its zone (`timeZone`: one, or one per index); `business(i)` adds fields to the
 * i-th business (subscription, billing period). Each owner is new and their business has their id, as sign-up makes
 * it, unless `owner` is given: then that person owns all n, each with its own id (a second business, or one bought
 * from its founder), so a test can tell the business from its owner. For the scheduled jobs' tests and bench, which
 * care about how a run scales with their number.
 */
export async function makeBusinesses(
  n: number,
  o: {
    stores?: number;
    timeZone?: string | ((i: number) => string);
    business?: (i: number) => Record<string, unknown>;
    owner?: Owner;
  } = {},
) {
  const zoneOf = (i: number) =>
    typeof o.timeZone === 'function' ? o.timeZone(i) : (o.timeZone ?? 'Europe/London');
  const owners: Owner[] = o.owner
    ? Array.from({ length: n }, () => o.owner!)
    : await UserModel.insertMany(
        Array.from({ length: n }, (_, i) => {
          const k = next();
          const _id = new Types.ObjectId();
          return {
            _id,
            currentBusiness: _id,
            fullname: `Bulk Owner ${k}`,
            email: `bulk${k}.${Date.now()}@example.com`,
            passwordHash: 'not-a-login',
            timeZone: zoneOf(i),
          };
        }),
      );
  const ids = owners.map((u) => (o.owner ? new Types.ObjectId() : u._id));
  // Each is the owner of their business, as sign-up makes them (alerts go to members only).
  await BusinessModel.insertMany(
    owners.map((u, i) => ({
      _id: ids[i],
      name: `${u.fullname}'s business`,
      createdBy: u._id,
      timeZone: zoneOf(i),
      subscriptionStatus: 'active',
      ...o.business?.(i),
    })),
  );
  await MembershipModel.insertMany(owners.map((u, i) => ({ business: ids[i], user: u._id, role: 'owner' })));
  const stores = await StoreModel.insertMany(
    ids.flatMap((business, i) =>
      Array.from({ length: o.stores ?? 1 }, () => ({
        business,
        name: `Store ${next()}`,
        timeZone: zoneOf(i),
      })),
    ),
  );
  const byBusiness = new Map<string, typeof stores>();
  for (const s of stores) {
    const key = String(s.business);
    if (!byBusiness.has(key)) byBusiness.set(key, []);
    byBusiness.get(key)!.push(s);
  }
  return owners.map((u, i) => ({ user: u, business: ids[i]!, stores: byBusiness.get(String(ids[i])) ?? [] }));
}

type Owner = Pick<InstanceType<typeof UserModel>, '_id' | 'fullname' | 'email'>;

/** An enrolled kiosk tablet of the store, enrolled by the business's owner; answers its credential (kio_…). */
export async function makeKiosk(business: MadeUser, store: { _id: Types.ObjectId }, label = 'Till tablet') {
  const { enrolKiosk } = await import('../src/modules/kiosks/kiosks.service');
  const access = { userId: business.id, businessId: business.id, role: 'owner' as const, storeIds: null };
  const kiosk = await enrolKiosk(access, String(store._id), label);
  return kiosk.credential;
}
