// Images in MongoDB GridFS (API instances stay stateless): upload checks by content and decoding, size limits, streaming out.
import type { RequestHandler } from 'express';
import multer from 'multer';
import mongoose from 'mongoose';
import { env } from '../config/env';
import { AppError } from './errors';
import { publicFileKey } from './file-access';
import { decodeUpload, deleteVariants, prepareVariants } from './image-variants';

export type ImagePurpose = 'avatar' | 'store' | 'staff' | 'logo';
const BUCKET = 'files';

function bucket() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  return new mongoose.mongo.GridFSBucket(db, { bucketName: BUCKET });
}

/** Content sniffing: the file's first bytes decide, never its name or the client's claimed type. */
export function detectImageType(buf: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'image/png';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export const INVALID_IMAGE_MESSAGE = 'Please upload a JPEG, PNG or WebP image';

/** Stores a validated image and returns its id (24 hex chars). */
export async function saveImage(
  buf: Buffer,
  opts: { business: string; purpose: ImagePurpose },
): Promise<string> {
  if (buf.length > env.UPLOAD_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Images must be at most ${Math.round(env.UPLOAD_MAX_BYTES / 1024 / 1024)} MB`,
      413,
    );
  }
  const contentType = detectImageType(buf);
  if (!contentType)
    throw new AppError('INVALID_IMAGE', INVALID_IMAGE_MESSAGE, 400, { image: [INVALID_IMAGE_MESSAGE] });
  // Decoded once, before anything is stored: an image that cannot be shown is refused now, not on every later view.
  const decoded = await decodeUpload(buf);
  const upload = bucket().openUploadStream(`${opts.purpose}-${Date.now()}`, {
    metadata: { business: opts.business, purpose: opts.purpose, contentType, keyed: true },
  });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(buf);
  });
  await prepareVariants(upload.id.toString(), contentType, decoded);
  return upload.id.toString();
}

export async function deleteFile(id: string | null | undefined): Promise<void> {
  if (!id || !mongoose.isValidObjectId(id)) return;
  const _id = new mongoose.Types.ObjectId(id);
  await bucket()
    .delete(_id)
    .catch(() => undefined);
  await deleteVariants(_id).catch(() => undefined);
}

/**
 * Swaps a record's picture: saves the upload, points the record at it with `attach` (null when the record is gone),
 * then deletes the previous file. A record that vanished meanwhile leaves no orphan upload behind.
 */
export async function replaceImage<T>(
  buf: Buffer,
  opts: {
    business: string;
    purpose: ImagePurpose;
    previous: string | null | undefined;
    attach: (fileId: string) => Promise<T | null>;
    gone: () => Error;
  },
): Promise<T> {
  const fileId = await saveImage(buf, { business: opts.business, purpose: opts.purpose });
  const attached = await opts.attach(fileId);
  if (!attached) {
    await deleteFile(fileId);
    throw opts.gone();
  }
  await deleteFile(opts.previous);
  return attached;
}

/** The URL of a public image (store image, staff photo) under its unguessable key (variants with ?w=), or null. */
export function fileUrl(id: string | null | undefined): string | null {
  return id ? `/api/v1/files/${publicFileKey(id)}` : null;
}

/** The URL of a private file (an avatar): by id, readable only with its owner's token. */
export function privateFileUrl(id: string | null | undefined): string | null {
  return id ? `/api/v1/files/${id}` : null;
}

/** multer in memory for one image field; the size limit answers 413 through the error mapper. */
export function imageUpload(field: string): RequestHandler {
  return multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: env.UPLOAD_MAX_BYTES, files: 1 },
  }).single(field);
}
