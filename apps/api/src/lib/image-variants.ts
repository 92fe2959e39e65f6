// Uploaded images as customers get them: resized with sharp to a few widths, WebP (or the upload's own format when the
// browser does not take WebP), EXIF and every other metadata stripped. Made once, stored in GridFS beside the original
// (which is only ever their source), lazily on first request for images uploaded before variants existed. An upload is
// decoded once, here, and refused when it cannot be decoded or is too many pixels; a stored image that cannot be
// rendered is remembered and served as it is.
import { IMAGE_WIDTHS } from '@cx/contracts';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { logger } from './logger';
import { AppError, notFound } from './errors';

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

/**
 * The most pixels an upload may decode to: 50 megapixels takes any phone or camera photo (48 MP sensors included) and
 * refuses a few-kB file that inflates to gigapixels before it is decoded (docs/decisions.md).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** An upload decoded once: its pixels, upright, at most the largest variant wide, every variant is rendered from. */
export interface DecodedImage {
  pixels: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const UNREADABLE_IMAGE = 'We could not read that image. Please upload a JPEG, PNG or WebP photo.';

/** Decodes an upload once, or refuses it with a 400: unreadable (corrupt, truncated) or beyond MAX_IMAGE_PIXELS. */
export async function decodeUpload(buf: Buffer): Promise<DecodedImage> {
  // No sharp pixel limit here: the header's size is checked below, before a single pixel is decoded.
  const image = sharp(buf, { failOn: 'error', limitInputPixels: false });
  const refuse = (code: string, message: string) => new AppError(code, message, 400, { image: [message] });
  const meta = await image.metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw refuse('INVALID_IMAGE', UNREADABLE_IMAGE);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw refuse(
      'IMAGE_TOO_LARGE',
      `Images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels; this one is ${meta.width} × ${meta.height}. Please upload a smaller photo.`,
    );
  }
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const decoded = await image
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!decoded) throw refuse('INVALID_IMAGE', UNREADABLE_IMAGE);
  const { width, height, channels } = decoded.info;
  return { pixels: decoded.data, raw: { width, height, channels } };
}

/** Resizes (never enlarges), applies the EXIF orientation, then drops all metadata (sharp keeps none unless asked). */
export async function renderVariant(
  source: Buffer | DecodedImage,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  const input = Buffer.isBuffer(source)
    ? sharp(source, { failOn: 'error' }).rotate()
    : sharp(source.pixels, { raw: source.raw });
  const pipeline = input.resize({ width, withoutEnlargement: true });
  if (format === 'webp') return pipeline.webp({ quality: 72, effort: 4 }).toBuffer();
  if (format === 'png') return pipeline.png({ compressionLevel: 9, palette: true, quality: 85 }).toBuffer();
  return pipeline.jpeg({ quality: 74, mozjpeg: true }).toBuffer();
}

/** null: the original cannot be rendered (remembered on it, so it is served as it is from then on). */
const making = new Map<string, Promise<Buffer | null>>();

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
  decoded?: DecodedImage,
): Promise<Buffer | null> {
  const source = decoded ?? (await readAll(original));
  let body: Buffer;
  try {
    body = await renderVariant(source, width, format);
  } catch (err) {
    // An upload's own pixels failing is logged by prepareVariants; a stored original that sharp cannot read is remembered.
    if (decoded) throw err;
    await rememberUnrenderable(original, err);
    return null;
  }
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

/** Marks an original that sharp cannot render, so every later view serves it as it is instead of failing again. */
async function rememberUnrenderable(original: mongoose.Types.ObjectId, err: unknown): Promise<void> {
  logger.warn({ err, file: String(original) }, 'image cannot be rendered; its original is served instead');
  await mongoose.connection.db
    ?.collection(`${BUCKET}.files`)
    .updateOne({ _id: original }, { $set: { 'metadata.unrenderable': true } });
}

/** The variant of an uploaded image for a width and an Accept header; made and stored on first request. */
export async function imageVariant(
  id: string,
  requested: number | undefined,
  accept: string | undefined,
): Promise<TVariant> {
  const _id = new mongoose.Types.ObjectId(id);
  const [file] = await bucket().find({ _id }).limit(1).toArray();
  const meta = file?.metadata as
    { contentType?: string; variantOf?: unknown; unrenderable?: boolean } | undefined;
  // A variant's own id is not a way in: only originals have variants, and originals are sent only when unrenderable.
  if (!file || meta?.variantOf) throw notFound('File');
  const originalType = meta?.contentType ?? 'image/jpeg';
  const format = variantFormat(originalType, accept);
  const width = variantWidth(requested);
  const body = meta?.unrenderable
    ? null
    : ((await storedVariant(_id, width, format)) ??
      (await once(`${id}:${width}:${format}`, () => makeVariant(_id, width, format))));
  // An image sharp cannot render (stored before uploads were decoded) is sent as it was uploaded: never a 500 per view.
  if (!body) return { body: await readAll(_id), contentType: originalType };
  return { body, contentType: CONTENT_TYPES[format] };
}

/** One instance makes a given variant once at a time (two instances racing store two equal copies: harmless). */
function once(key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
  const running = making.get(key);
  if (running) return running;
  const p = make().finally(() => making.delete(key));
  making.set(key, p);
  return p;
}

/**
 * After an upload, before it is answered: every width in WebP and in the original format, rendered from the upload's
 * decoded pixels, so the upload's answer means its variants exist (and nothing is still writing behind it). A failure
 * is logged, never fails the upload: a request makes any variant that is missing.
 */
export async function prepareVariants(id: string, contentType: string, decoded: DecodedImage): Promise<void> {
  const _id = new mongoose.Types.ObjectId(id);
  const formats: VariantFormat[] = [...new Set<VariantFormat>(['webp', variantFormat(contentType, '')])];
  try {
    for (const width of IMAGE_WIDTHS)
      for (const format of formats)
        if (!(await storedVariant(_id, width, format)))
          await once(`${id}:${width}:${format}`, () => makeVariant(_id, width, format, decoded));
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
