// srcset for an uploaded image (`/api/v1/files/<id>`): the server's widths, so each screen loads only what it shows.
import { IMAGE_WIDTHS } from '@cx/contracts/customer';
import { env } from '@/config/env';

/** srcSet and sizes come first: an <img> given src first starts that download before it knows the srcset. */
export type TImageSources = { srcSet?: string; sizes?: string; src: string };

const widths: readonly number[] = IMAGE_WIDTHS;
const widthFor = (px: number) => widths.find((w) => w >= px) ?? widths[widths.length - 1]!;

/**
 * Density descriptors (1x, 2x, 3x) for the distinct variants of an image drawn about `cssWidth` px wide, so a small
 * upload is never scaled by a width descriptor it does not have; src is the 2× variant for browsers without srcset.
 * `sizes` (e.g. "100vw") switches to width descriptors, for a large fluid image whose upload is known to be big.
 */
export function imageSources(path: string, cssWidth: number, sizes?: string): TImageSources {
  const base = path.startsWith('/') ? `${env.apiBaseUrl}${path}` : path;
  const at = (w: number) => `${base}?w=${w}`;
  const src = at(widthFor(cssWidth * 2));
  if (sizes) return { srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '), sizes, src };
  const byWidth = new Map<number, number>();
  for (const density of [1, 2, 3]) {
    const w = widthFor(cssWidth * density);
    if (!byWidth.has(w)) byWidth.set(w, density);
  }
  if (byWidth.size === 1) return { src };
  return { srcSet: [...byWidth].map(([w, d]) => `${at(w)} ${d}x`).join(', '), src };
}

/** The same, or nothing when there is no image. */
export function apiImage(
  path: string | null | undefined,
  cssWidth: number,
  sizes?: string,
): Partial<TImageSources> {
  return path ? imageSources(path, cssWidth, sizes) : {};
}
