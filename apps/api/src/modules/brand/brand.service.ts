// The chain's brand: a logo (a public image, like store pictures) and a colour, set by owners and admins, read by every
// member, the customer QR pages, the breakroom boards and the posters.
import { brandOf, type TBrand, type TBrandUpdate, ZBrandUpdateSchema } from '@cx/contracts';
import sharp from 'sharp';
import { AppError, notFound } from '../../lib/errors';
import { deleteFile, detectImageType, fileUrl, INVALID_IMAGE_MESSAGE, replaceImage } from '../../lib/files';
import { imageVariant } from '../../lib/image-variants';
import { logger } from '../../lib/logger';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { BusinessModel } from '../../tenancy/business.model';

interface StoredBrand {
  brandLogo?: string | null;
  brandColor?: string | null;
}

const BRAND_PROJECTION = { brandLogo: 1, brandColor: 1 } as const;

async function storedBrand(businessId: string): Promise<StoredBrand> {
  const business = await BusinessModel.findById(businessId, BRAND_PROJECTION).lean<StoredBrand>();
  if (!business) throw notFound('Business');
  return business;
}

const toBrand = (b: StoredBrand): TBrand => brandOf(fileUrl(b.brandLogo ?? null), b.brandColor ?? null);

export async function getBrand(businessId: string): Promise<TBrand> {
  return toBrand(await storedBrand(businessId));
}

/** The brand a customer page or board shows; never fails the page (no business: no brand). */
export async function publicBrand(businessId: unknown): Promise<TBrand> {
  const business = await BusinessModel.findById(businessId, BRAND_PROJECTION).lean<StoredBrand>();
  return toBrand(business ?? {});
}

export async function updateBrand(access: Access, input: TBrandUpdate): Promise<TBrand> {
  const { color } = ZBrandUpdateSchema.parse(input);
  const before = await storedBrand(access.businessId);
  const after = await BusinessModel.findByIdAndUpdate(
    access.businessId,
    { $set: { brandColor: color } },
    { returnDocument: 'after', projection: BRAND_PROJECTION },
  ).lean<StoredBrand>();
  if (!after) throw notFound('Business');
  if ((before.brandColor ?? null) !== color) {
    await recordAudit(access, {
      kind: 'settings',
      action: 'brand.color',
      summary: color ? `Set the brand colour to ${color}` : 'Cleared the brand colour',
      before: { color: before.brandColor ?? null },
      after: { color },
    });
  }
  return toBrand(after);
}

const LOGO_REQUIRED = 'Please choose a logo to upload';

/** Upload errors name the form's field ("logo"), not the shared image helper's. */
function asLogoError(err: unknown): unknown {
  if (err instanceof AppError && err.fieldErrors?.image) {
    return new AppError(err.code, err.message, err.status, { logo: err.fieldErrors.image });
  }
  return err;
}

export async function setLogo(access: Access, file: { buffer?: Buffer } | undefined): Promise<TBrand> {
  const buf = file?.buffer;
  if (!buf?.length) throw new AppError('LOGO_REQUIRED', LOGO_REQUIRED, 400, { logo: [LOGO_REQUIRED] });
  // A file that is no image at all is the wrong media type; one that claims to be but cannot be read is a 400.
  if (!detectImageType(buf)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_MESSAGE, 415, { logo: [INVALID_IMAGE_MESSAGE] });
  }
  const before = await storedBrand(access.businessId);
  const after = await replaceImage(buf, {
    business: access.businessId,
    purpose: 'logo',
    previous: before.brandLogo,
    attach: (brandLogo) =>
      BusinessModel.findByIdAndUpdate(
        access.businessId,
        { $set: { brandLogo } },
        { returnDocument: 'after', projection: BRAND_PROJECTION },
      ).lean<StoredBrand>(),
    gone: () => notFound('Business'),
  }).catch((err: unknown) => {
    throw asLogoError(err);
  });
  await recordAudit(access, { kind: 'settings', action: 'brand.logo', summary: 'Changed the chain logo' });
  return toBrand(after);
}

export async function removeLogo(access: Access): Promise<TBrand> {
  const before = await storedBrand(access.businessId);
  // Nothing to remove: answer the brand as it is, without touching the business (not even its updatedAt).
  if (!before.brandLogo) return toBrand(before);
  const after = await BusinessModel.findByIdAndUpdate(
    access.businessId,
    { $set: { brandLogo: null } },
    { returnDocument: 'after', projection: BRAND_PROJECTION },
  ).lean<StoredBrand>();
  if (!after) throw notFound('Business');
  if (before.brandLogo) {
    await deleteFile(before.brandLogo);
    await recordAudit(access, { kind: 'settings', action: 'brand.logo', summary: 'Removed the chain logo' });
  }
  return toBrand(after);
}

/**
 * The logo as PDF-ready bytes (pdfkit reads PNG and JPEG only): the stored 480 px variant, a WebP one turned into PNG.
 * A logo that cannot be read leaves the posters without it rather than failing them.
 */
export async function logoForPrint(businessId: string): Promise<{ brand: TBrand; logo: Buffer | null }> {
  const stored = await storedBrand(businessId);
  const brand = toBrand(stored);
  if (!stored.brandLogo) return { brand, logo: null };
  try {
    const variant = await imageVariant(stored.brandLogo, 480, undefined);
    const logo = variant.contentType === 'image/webp' ? await sharp(variant.body).png().toBuffer() : variant.body;
    return { brand, logo };
  } catch (err) {
    logger.warn({ err, business: businessId }, 'the chain logo could not be read for posters');
    return { brand, logo: null };
  }
}
