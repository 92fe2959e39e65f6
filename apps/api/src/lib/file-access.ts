// Who may read a stored file: public images (store, staff, the chain's logo) by an unguessable key, everything else by its owner's token.
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import mongoose from 'mongoose';
import { env } from '../config/env';
import { authenticate } from './auth';
import { notFound } from './errors';

/** Images customers see on QR pages: readable without a token, but only under their key. */
export const PUBLIC_PURPOSES: readonly string[] = ['store', 'staff', 'logo'];

/**
 * The key's secret, derived from JWT_SECRET under its own label (so neither use can stand in for the other): a key is
 * the file's id plus 128 bits of HMAC over it, recomputed on every answer, so no record or file stores it.
 */
const keySecret = createHmac('sha256', env.JWT_SECRET).update('cx:file-keys:v1').digest();
const tagOf = (id: string) =>
  createHmac('sha256', keySecret).update(id.toLowerCase()).digest().subarray(0, 16).toString('base64url');

/** `<id>-<tag>`: the public key of a public image, as it appears in /api/v1/files/<key>. */
export function publicFileKey(id: string): string {
  return `${id}-${tagOf(id)}`;
}

/** A path value split into the file id and whether it came with a valid key (null: a key that does not match). */
export function parseFileKey(value: string): { id: string; keyed: boolean } | null {
  // The tag is base64url, so it may hold '-' itself: only the first one separates.
  const dash = value.indexOf('-');
  const id = dash === -1 ? value : value.slice(0, dash);
  const tag = dash === -1 ? undefined : value.slice(dash + 1);
  if (!mongoose.isValidObjectId(id)) return null;
  if (tag === undefined) return { id, keyed: false };
  return tag === tagOf(id) ? { id, keyed: true } : null;
}

export interface StoredFileMeta {
  purpose?: string;
  /** The business of a store or staff image; the user for an avatar. */
  business?: unknown;
  /** Set on uploads made since keys exist: their bare id is not a public way in. */
  keyed?: boolean;
  variantOf?: unknown;
}

export type FileAudience = 'public' | 'private';

/**
 * Decides whether this request may read the file, or throws: 404 for an unknown file, a wrong key or another
 * account's file (to them it does not exist), 401 for a private file asked for without a valid token. Public: a
 * public image by its key, or by the bare id it was published under before keys existed.
 */
export async function authorizeFile(
  value: string,
  req: Pick<Request, 'headers'>,
): Promise<{ id: string; audience: FileAudience }> {
  const parsed = parseFileKey(value);
  if (!parsed) throw notFound('File');
  const db = mongoose.connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  const file = await db
    .collection('files.files')
    .findOne({ _id: new mongoose.Types.ObjectId(parsed.id) }, { projection: { metadata: 1 } });
  const meta = (file?.metadata ?? {}) as StoredFileMeta;
  if (!file || meta.variantOf) throw notFound('File');
  const isPublic = PUBLIC_PURPOSES.includes(meta.purpose ?? '');
  if (isPublic && (parsed.keyed || !meta.keyed)) return { id: parsed.id, audience: 'public' };
  const auth = await authenticate(req);
  const owner = String(meta.business ?? '');
  // An avatar is its user's alone (a business founded by them shares their id, so the business never stands in).
  const mine = meta.purpose === 'avatar' ? owner === auth.userId : owner === auth.currentBusiness;
  if (!mine) throw notFound('File');
  return { id: parsed.id, audience: 'private' };
}
