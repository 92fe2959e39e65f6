// Salted, daily-rotated hashes of a customer's device and network: what limits and flags use instead of raw IPs/UAs.
import { createHmac, randomBytes } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import { env } from '../../config/env';
import { kioskFor } from '../kiosks/kiosks.service';
import { DailySaltModel } from './daily-salt.model';
import { verifyDeviceId } from './device-id';

/** What the router hands over about the caller; never stored as is. */
export interface Requester {
  ip: string | undefined;
  userAgent: string | undefined;
}

/** What the body says about the device: checked here, never taken at its word. */
export interface Claimed {
  /** The server-issued device id, if the browser sent one. */
  deviceId: string | undefined;
  /** An enrolled kiosk's credential, if the tablet sent one. */
  kiosk: string | undefined;
  /** The store submitted to: a kiosk credential only counts for its own store. */
  store: string;
}

export interface Fingerprint {
  deviceHash: string;
  networkHash: string;
  /** True when the device is known (a signed device id or a kiosk); false means the device is the network. */
  identified: boolean;
  /** True only for a valid, unrevoked kiosk credential of the submitted store: the one source of 'kiosk'. */
  kiosk: boolean;
}

let cached: { day: string; salt: string } | null = null;

function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 11000;
}

/**
 * One random salt per UTC day shared by every API instance (first writer wins), cached per instance for its day: a
 * second instance reads the same salt from the database on its first request of the day, so nothing needs invalidating.
 * Older salts are deleted as soon as a new day starts, so even we cannot re-link an old hash to an address (the
 * approach Plausible Analytics documents).
 */
export async function dailySalt(now: Date): Promise<string> {
  const day = now.toISOString().slice(0, 10);
  if (cached?.day === day) return cached.salt;
  const fresh = randomBytes(32).toString('hex');
  let doc = await DailySaltModel.findOneAndUpdate(
    { day },
    { $setOnInsert: { day, salt: fresh } },
    { upsert: true, returnDocument: 'after' },
  )
    .lean()
    .catch(async (err: unknown) => {
      // Two instances upserting the same new day: the loser reads the winner's salt.
      if (isDuplicateKey(err)) return DailySaltModel.findOne({ day }).lean();
      throw err;
    });
  doc ??= await DailySaltModel.findOne({ day }).lean();
  if (!doc) throw new Error('daily salt could not be created');
  // Housekeeping once per instance per day (on the first request of the day), never on the cached path.
  await DailySaltModel.deleteMany({ day: { $lt: day } });
  cached = { day, salt: doc.salt };
  return doc.salt;
}

function hash(salt: string, ...parts: string[]): string {
  return createHmac('sha256', env.FEEDBACK_HASH_SECRET)
    .update(salt)
    .update('\u0000')
    .update(parts.join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

/**
 * deviceHash: an enrolled kiosk's id; else the server-signed device id (so a new User-Agent or network is still the
 * same phone); else, with no valid id, the network itself, so the per-device interval becomes per network and rotating
 * or dropping the id gains nothing.
 * networkHash: the address (IPv6 folded to its /56 like the IP limiter), for bursts across devices on one network.
 */
export async function fingerprint(who: Requester, claimed: Claimed, now: Date): Promise<Fingerprint> {
  const [salt, kioskId] = await Promise.all([
    dailySalt(now),
    claimed.kiosk ? kioskFor(claimed.kiosk, claimed.store, now) : Promise.resolve(null),
  ]);
  const network = ipKeyGenerator(who.ip ?? 'unknown');
  const device = verifyDeviceId(claimed.deviceId);
  const deviceHash = kioskId
    ? hash(salt, 'kiosk', kioskId)
    : device
      ? hash(salt, 'device', device)
      : hash(salt, 'unidentified', network);
  return {
    deviceHash,
    networkHash: hash(salt, 'network', network),
    identified: kioskId !== null || device !== null,
    kiosk: kioskId !== null,
  };
}

/** Tests: forget the in-process salt cache. */
export function resetSaltCache(): void {
  cached = null;
}
