// An uploaded image (GET /files/:id) with a srcset of its server-made widths, so a phone downloads only what it shows.
import type { ImgHTMLAttributes } from 'react';
import { imageSources } from '@/lib/image-sources';

type TProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  url: string;
  /** The width it is drawn at, in CSS px (the browser multiplies by the screen's density). */
  cssWidth: number;
};

export function ResponsiveImage({ url, cssWidth, alt = '', ...rest }: TProps) {
  return <img {...imageSources(url, cssWidth)} alt={alt} {...rest} />;
}
