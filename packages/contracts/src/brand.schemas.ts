// The chain's brand (logo and colour) as the wire carries it, and the readable text colour picked for any brand colour.
import { z } from 'zod';

export const BRAND_COLOR_MESSAGE = 'Brand colour must be a hex colour like #1A56DB';

/** "#1a56db" (or the short "#15d"), stored and sent as six lower-case hex digits. */
export const ZBrandColorSchema = z
  .string({ invalid_type_error: BRAND_COLOR_MESSAGE })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, BRAND_COLOR_MESSAGE)
  .transform((hex) =>
    (hex.length === 4 ? `#${[...hex.slice(1)].map((d) => d + d).join('')}` : hex).toLowerCase(),
  );

/** PUT /brand: the colour (null clears it); the logo is uploaded on its own route. */
export const ZBrandUpdateSchema = z.object({ color: ZBrandColorSchema.nullable() });
export type TBrandUpdate = z.input<typeof ZBrandUpdateSchema>;

export const ZBrandSchema = z.object({
  /** Public URL of the logo (/api/v1/files/<key>), or null. */
  logo: z.string().nullable(),
  /** The brand colour (#rrggbb), or null for the product's own colours. */
  color: z.string().nullable(),
  /** The text colour that reads on `color` (near-black or white), or null with no colour. */
  textColor: z.string().nullable(),
});
export type TBrand = z.infer<typeof ZBrandSchema>;

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2 contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whichever of near-black and white contrasts more with the brand colour: any colour an owner picks stays readable. */
export function readableTextOn(color: string): string {
  return contrastRatio(color, DARK_TEXT) >= contrastRatio(color, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/** The wire form of a stored brand. */
export function brandOf(logo: string | null, color: string | null): TBrand {
  return { logo, color, textColor: color ? readableTextOn(color) : null };
}
