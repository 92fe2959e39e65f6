// Renders a server-built notification message safely: text and a few inline tags survive, everything else is text.
const ALLOWED = new Set(['STRONG', 'EM', 'B', 'I', 'BR']);

const escapeText = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function clean(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  const inner = Array.from(el.childNodes).map(clean).join('');
  if (!ALLOWED.has(el.tagName)) return el.tagName === 'SCRIPT' || el.tagName === 'STYLE' ? '' : inner;
  const tag = el.tagName.toLowerCase();
  return tag === 'br' ? '<br>' : `<${tag}>${inner}</${tag}>`;
}

/**
 * The API escapes every value it puts into a message; this is the second lock: attributes, links, images and
 * scripts never reach the DOM even if a message were built wrongly.
 */
export function sanitizeMessage(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes).map(clean).join('');
}

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday"… */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
