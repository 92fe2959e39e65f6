// Uploaded images as customers get them: resized with sharp to a few widths, WebP (or the upload's own format when the
// browser does not take WebP), EXIF and every other metadata stripped. Made once, stored in GridFS beside the original
// (which is only ever their source), lazily on first request for images uploaded before variants existed.
import { IMAGE_WIDTHS } from '@cx/contracts';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { logger } from './logger';
import { notFound } from './errors';

const BUCKET = 'files';
export type VariantFormat = 'webp' | 'jpeg' | 'png';
const CONTENT_TYPES: Record<VariantFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

function bucket() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('MongoDB is not connected');
  return new mongoose.mongo.GridFSBucket(db, { bucketName: BUCKET });
}

/** The smallest stored width at least `requested` px wide (the largest when none is, or nothing was asked). */
export function variantWidth(requested: number | undefined): number {
  const widths: readonly number[] = IMAGE_WIDTHS;
  const largest = widths[widths.length - 1]!;
  if (!requested) return largest;
  return widths.find((w) => w >= requested) ?? largest;
}

/** WebP when the browser says it takes it; otherwise the upload's own format (PNG stays PNG for transparency). */
export function variantFormat(originalType: string, accept: string | undefined): VariantFormat {
  if (/image\/webp/.test(accept ?? '') || originalType === 'image/webp') return 'webp';
  return originalType === 'image/png' ? 'png' : 'jpeg';
}

async function readAll(id: mongoose.Types.ObjectId): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bucket().openDownloadStream(id)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Resizes (never enlarges), applies the EXIF orientation, then drops all metadata (sharp keeps none unless asked). */
export async function renderVariant(source: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const pipeline = sharp(source, { failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'webp') return pipeline.webp({ quality: 72, effort: 4 }).toBuffer();
  if (format === 'png') return pipeline.png({ compressionLevel: 9, palette: true, quality: 85 }).toBuffer();
  return pipeline.jpeg({ quality: 74, mozjpeg: true }).toBuffer();
}

const making = new Map<string, Promise<Buffer>>();

type TVariant = { body: Buffer; contentType: string };

async function storedVariant(original: mongoose.Types.ObjectId, width: number, format: VariantFormat) {
  const [file] = await bucket()
    .find({ 'metadata.variantOf': original, 'metadata.width': width, 'metadata.format': format })
    .limit(1)
    .toArray();
  return file ? readAll(file._id) : null;
}

async function makeVariant(
  original: mongoose.Types.ObjectId,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  const body = await renderVariant(await readAll(original), width, format);
  const upload = bucket().openUploadStream(`variant-${String(original)}-${width}.${format}`, {
    metadata: { variantOf: original, width, format, contentType: CONTENT_TYPES[format] },
  });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(body);
  });
  return body;
}

/** The variant of an uploaded image for a width and an Accept header; made and stored on first request. */
export async function imageVariant(
  id: string,
  requested: number | undefined,
  accept: string | undefined,
): Promise<TVariant> {
  const _id = new mongoose.Types.ObjectId(id);
  const [file] = await bucket().find({ _id }).limit(1).toArray();
  const meta = file?.metadata as { contentType?: string; variantOf?: unknown } | undefined;
  // A variant's own id is not a way in: only originals have variants, and originals are never sent.
  if (!file || meta?.variantOf) throw notFound('File');
  const format = variantFormat(meta?.contentType ?? 'image/jpeg', accept);
  const width = variantWidth(requested);
  const body =
    (await storedVariant(_id, width, format)) ??
    (await once(`${id}:${width}:${format}`, () => makeVariant(_id, width, format)));
  return { body, contentType: CONTENT_TYPES[format] };
}

/** One instance makes a given variant once at a time (two instances racing store two equal copies: harmless). */
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const running = making.get(key);
  if (running) return running;
  const p = make().finally(() => making.delete(key));
  making.set(key, p);
  return p;
}

/**
 * After an upload, before it is answered: every width in WebP and in the original format, so the upload's answer means
 * its variants exist (and nothing is still writing behind it). A failure is logged, never fails the upload: a request
 * makes any variant that is missing.
 */
export async function prepareVariants(id: string, contentType: string): Promise<void> {
  const _id = new mongoose.Types.ObjectId(id);
  const formats: VariantFormat[] = [...new Set<VariantFormat>(['webp', variantFormat(contentType, '')])];
  try {
    for (const width of IMAGE_WIDTHS)
      for (const format of formats)
        if (!(await storedVariant(_id, width, format)))
          await once(`${id}:${width}:${format}`, () => makeVariant(_id, width, format));
  } catch (err) {
    logger.warn({ err, file: id }, 'could not prepare image variants');
  }
}

/** Deletes an original's variants with it. */
export async function deleteVariants(id: mongoose.Types.ObjectId): Promise<void> {
  const variants = await bucket()
    .find({ 'metadata.variantOf': id }, { projection: { _id: 1 } })
    .toArray();
  await Promise.all(
    variants.map((v) =>
      bucket()
        .delete(v._id)
        .catch(() => undefined),
    ),
  );
}
