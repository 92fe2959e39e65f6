// Every selected store's poster in one A4 PDF, a page per store, streamed as the pages are drawn (30 stores in well
// under a second): the QR of each page opens that store's rating link, and every page carries the chain's logo.
import { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { assertOwnStores, narrowStores, type Access } from '../../tenancy/access';
import { storesUnderAreas } from '../../tenancy/area-stores';
import { StoreModel } from '../stores/store.model';
import { rateUrlFor } from '../stores/stores.service';
import { drawPoster, newPosterDocument, posterQr, type PosterBrand } from '../stores/stores.qr';
import { logoForPrint } from './brand.service';

const NO_STORES = 'There are no stores in this selection';

/**
 * The stores to print, by name, inside the member's: `stores=` names each (one outside theirs or not of the business:
 * 404), `areas=` keeps those under the areas (another business's area: 404); both: the intersection.
 */
export async function posterStores(
  access: Access,
  query: { stores?: string[]; areas?: string[] },
): Promise<{ _id: Types.ObjectId; name: string }[]> {
  const asked = query.stores ?? [];
  let wanted = narrowStores(access, asked);
  if (asked.length) await assertOwnStores(access, asked);
  if (query.areas?.length) {
    const under = new Set(await storesUnderAreas(access.businessId, query.areas));
    wanted = wanted === null ? [...under] : wanted.filter((id) => under.has(String(id)));
  }
  const filter: Record<string, unknown> = { business: access.businessId, deletedAt: null };
  if (wanted !== null) filter._id = { $in: wanted.map((id) => new Types.ObjectId(id)) };
  const stores = await StoreModel.find(filter, { name: 1 }).lean<{ _id: Types.ObjectId; name: string }[]>();
  if (stores.length === 0) {
    const field = query.areas?.length ? 'areas' : 'stores';
    throw new AppError('NO_STORES', NO_STORES, 400, { [field]: [NO_STORES] });
  }
  return stores.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** pdfkit's openImage is not in its type definitions; an opened image is embedded once however many pages show it. */
type Openable = { openImage(src: Buffer): PDFKit.Mixins.ImageSrc };

/**
 * Starts the PDF and returns it as a readable stream at once: pages are drawn one by one behind it (each QR made just
 * before its page), so the first bytes leave before the last store is drawn. A failure part-way destroys the stream.
 */
export async function postersPdf(access: Access, query: { stores?: string[]; areas?: string[] }) {
  const [stores, print] = await Promise.all([posterStores(access, query), logoForPrint(access.businessId)]);
  const doc = newPosterDocument(`Feedback posters (${stores.length} stores)`, 'Feedback posters');
  const brand: PosterBrand = {
    logo: print.logo ? (doc as unknown as Openable).openImage(print.logo) : null,
    color: print.brand.color,
    textColor: print.brand.textColor,
  };
  void (async () => {
    for (const [i, store] of stores.entries()) {
      // One page per turn of the event loop: a 1,000-store PDF never holds other requests for its whole build.
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (doc.destroyed) return;
      const url = rateUrlFor(String(store._id));
      const qr = posterQr(url);
      if (i > 0) doc.addPage();
      drawPoster(doc, { storeName: store.name, url, qr }, brand);
    }
    doc.end();
  })().catch((err: unknown) => {
    logger.error({ err, business: access.businessId }, 'poster PDF failed part-way');
    doc.destroy(err as Error);
  });
  return { doc, count: stores.length };
}
