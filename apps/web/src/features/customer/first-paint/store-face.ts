// The store's public face inlined in customer.html by the server (nginx SSI in production, vite preview and the dev
// server locally) as a non-executing JSON block: the first screen is drawn from it with no API round trip.
import type { TCustomerStore } from '@cx/contracts';

/** The id of the `<script type="application/json">` block the server fills with GET /feedback/stores/:id's answer. */
export const STORE_FACE_ID = 'cx-store-face';

/** For the servers: JSON that cannot end or re-open the <script> block it sits in (`<` as \u003c), same values. */
export const blockJson = (body: unknown): string =>
  JSON.stringify(body)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The inlined face of store `id` from the block's text, or undefined when the server did not fill the block in (a
 * static host leaves nginx's SSI commands there, an unknown store an error body, an API that is down nothing) or
 * filled in another store's: the starter then asks the API as before.
 */
export function inlinedStore(block: string | null | undefined, id: string): TCustomerStore | undefined {
  const text = block?.trim();
  if (!text || text[0] !== '{') return undefined;
  try {
    const face = JSON.parse(text) as Partial<TCustomerStore> | null;
    const whole =
      face?._id === id &&
      typeof face.name === 'string' &&
      Array.isArray(face.staff) &&
      typeof face.interfaces === 'object' &&
      face.interfaces !== null;
    return whole ? (face as TCustomerStore) : undefined;
  } catch {
    return undefined;
  }
}
