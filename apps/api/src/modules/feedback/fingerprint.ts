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
  /** The same device and network under yesterday's salt, in the first minutes of a day (see PREVIOUS_SALT_MS). */
  previous?: { deviceHash: string; networkHash: string };
}

/**
 * How long into a UTC day yesterday's salt is kept and read: the longest burst window, so a burst sent across midnight
 * (whose ratings hash differently on each side) is still judged as one. Then it is deleted.
 */
export const PREVIOUS_SALT_MS = 10 * 60_000;

let cached: { day: string; salt: string; previous: string | null } | null = null;

function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 11000;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The salt of `day`, created by the first instance to ask (first writer wins). */
async function saltOf(day: string): Promise<string> {
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
  return doc.salt;
}

/**
 * One random salt per UTC day shared by every API instance, cached per instance for its day: a second instance reads
 * the same salt from the database on its first request of the day, so nothing needs invalidating. In the first
 * PREVIOUS_SALT_MS of a day yesterday's salt is also returned (if still kept); older salts are deleted on the day's
 * first request and yesterday's once that grace is over, so even we cannot re-link an old hash to an address (the
 * approach Plausible Analytics documents, with ten minutes' overlap for the burst rules).
 */
export async function dailySalts(now: Date): Promise<{ salt: string; previous: string | null }> {
  const day = dayOf(now);
  const intoDay = now.getTime() - Date.parse(`${day}T00:00:00Z`);
  const yesterday = dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - 1));
  if (cached?.day !== day) {
    const salt = await saltOf(day);
    // Housekeeping once per instance per day (on the first request of the day), and once after the grace.
    await DailySaltModel.deleteMany({ day: { $lt: intoDay < PREVIOUS_SALT_MS ? yesterday : day } });
    // yesterday's salt from this instance's cache, else from the database (another instance made it)
    const previous =
      intoDay >= PREVIOUS_SALT_MS
        ? null
        : cached?.day === yesterday
          ? cached.salt
          : ((await DailySaltModel.findOne({ day: yesterday }).lean())?.salt ?? null);
    cached = { day, salt, previous };
  } else if (cached.previous !== null && intoDay >= PREVIOUS_SALT_MS) {
    await DailySaltModel.deleteMany({ day: { $lt: day } });
    cached = { day, salt: cached.salt, previous: null };
  }
  return { salt: cached.salt, previous: cached.previous };
}

/** Today's salt (see dailySalts). */
export async function dailySalt(now: Date): Promise<string> {
  return (await dailySalts(now)).salt;
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
  const [salts, kioskId] = await Promise.all([
    dailySalts(now),
    claimed.kiosk ? kioskFor(claimed.kiosk, claimed.store, now) : Promise.resolve(null),
  ]);
  const network = ipKeyGenerator(who.ip ?? 'unknown');
  const device = verifyDeviceId(claimed.deviceId);
  const hashes = (salt: string) => ({
    deviceHash: kioskId
      ? hash(salt, 'kiosk', kioskId)
      : device
        ? hash(salt, 'device', device)
        : hash(salt, 'unidentified', network),
    networkHash: hash(salt, 'network', network),
  });
  return {
    ...hashes(salts.salt),
    ...(salts.previous ? { previous: hashes(salts.previous) } : {}),
    identified: kioskId !== null || device !== null,
    kiosk: kioskId !== null,
  };
}

/** Tests: forget the in-process salt cache. */
export function resetSaltCache(): void {
  cached = null;
}
