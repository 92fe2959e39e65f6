// The first paint's DOM builders: elements with attributes set as React sets them, text always as text, never as HTML;
// and the one piece both drawn steps show (a staff member's avatar).
import type { TCustomerStaff } from '@cx/contracts';
import { imageSources } from '@/lib/image-sources';

export type TChild = Node | string | null;
const SVG = 'http://www.w3.org/2000/svg';

export function el(tag: string, attrs: Record<string, string | undefined>, ...children: TChild[]): Element {
  const node =
    tag === 'svg' || tag === 'path' ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** ResponsiveImage: srcset and sizes first, as React sets them. */
export function image(url: string, cssWidth: number, attrs: Record<string, string>): Element {
  const { srcSet, sizes, src } = imageSources(url, cssWidth);
  return el('img', { srcset: srcSet, sizes, src, ...attrs });
}

/** StaffAvatar: the photo at `size` px, or the initial drawn by CSS. */
export function staffAvatar(member: TCustomerStaff, size: number): Element {
  const className = `cx-avatar${size > 80 ? ' cx-avatar-lg' : ''}`;
  if (member.photo) {
    const px = String(size);
    const attrs = { alt: '', width: px, height: px, class: className, loading: 'lazy', decoding: 'async' };
    return image(member.photo, size, attrs);
  }
  return el('span', {
    'aria-hidden': 'true',
    class: `${className} cx-initial`,
    'data-initial': member.firstName.slice(0, 1).toUpperCase(),
  });
}
