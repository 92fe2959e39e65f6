// The first paint's DOM builders: elements with attributes set as React sets them, text always as text, never as HTML.
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
