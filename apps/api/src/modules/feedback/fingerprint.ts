// Salted, daily-rotated hashes of a customer's device and network: what limits and flags use instead of raw IPs/UAs.
import { createHmac, randomBytes } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import type { TFeedbackSource } from '@cx/contracts';
import { env } from '../../config/env';
import { DailySaltModel } from './daily-salt.model';

/** What the router hands over about the caller; never stored as is. */
export interface Requester {
  ip: string | undefined;
  userAgent: string | undefined;
}

export interface Fingerprint {
  deviceHash: string;
  networkHash: string;
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
 * deviceHash: IP + user agent (+ the browser's random device id on personal phones, so two identical phones on one
 * shop Wi-Fi stay apart). A kiosk is one fixed tablet, so its hash leaves the client id out: a client that claims to
 * be a kiosk and rotates its id still lands on one hash and is burst-checked.
 * networkHash: the address (IPv6 folded to its /56 like the IP limiter), for bursts across devices on one network.
 */
export async function fingerprint(
  who: Requester,
  deviceId: string | undefined,
  source: TFeedbackSource,
  now: Date,
): Promise<Fingerprint> {
  const salt = await dailySalt(now);
  const ip = who.ip ?? 'unknown';
  const ua = who.userAgent ?? '';
  const clientId = source === 'kiosk' ? 'kiosk' : (deviceId ?? '');
  return {
    deviceHash: hash(salt, 'device', ip, ua, clientId),
    networkHash: hash(salt, 'network', ipKeyGenerator(ip)),
  };
}

/** Tests: forget the in-process salt cache. */
export function resetSaltCache(): void {
  cached = null;
}
