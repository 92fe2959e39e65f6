// Server-issued device ids: 128 random bits plus an HMAC tag, so a client can keep one but never mint or alter one.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../../config/env';

const VERSION = 'd1';
const RANDOM_BYTES = 16;
const TAG_BYTES = 16;
/** d1.<22 base64url chars>.<22 base64url chars>: anything else is not ours, without computing a tag. */
const SHAPE = /^d1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/**
 * Its own key, derived from FEEDBACK_HASH_SECRET with a label (HKDF), so a device-id tag can never be confused with,
 * or reveal anything about, the salted device/network hashes keyed by the same secret.
 */
let key: Buffer | null = null;
function signingKey(): Buffer {
  key ??= Buffer.from(hkdfSync('sha256', env.FEEDBACK_HASH_SECRET, '', 'cx feedback device-id v1', 32));
  return key;
}

function tagOf(random: Buffer): Buffer {
  return createHmac('sha256', signingKey()).update(VERSION).update(random).digest().subarray(0, TAG_BYTES);
}

/** A fresh id for one browser. */
export function issueDeviceId(): string {
  const random = randomBytes(RANDOM_BYTES);
  return `${VERSION}.${random.toString('base64url')}.${tagOf(random).toString('base64url')}`;
}

/**
 * The id's random part when the server signed it (tag compared in constant time), else null: a made-up, altered or
 * old unsigned (UUID) id is the same as none.
 */
export function verifyDeviceId(token: string | undefined): string | null {
  const match = token ? SHAPE.exec(token) : null;
  if (!match) return null;
  const random = Buffer.from(match[1]!, 'base64url');
  const tag = Buffer.from(match[2]!, 'base64url');
  if (random.length !== RANDOM_BYTES || tag.length !== TAG_BYTES) return null;
  return timingSafeEqual(tag, tagOf(random)) ? match[1]! : null;
}
