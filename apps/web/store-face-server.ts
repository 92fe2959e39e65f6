// customer.html's store-face block and how each server fills it: nginx by SSI (docker/nginx.conf) in production, the
// dev server and `vite preview` by asking the API themselves; the browser only reads it (first-paint/store-face.ts).
import { blockJson, STORE_FACE_ID } from './src/features/customer/first-paint/store-face.ts';

export { blockJson };

/** Where customer.html wants the block (in the head, before the store request that reads it). */
export const STORE_FACE_MARK = '<!-- cx-store-face -->';
/**
 * nginx's fill: for a well-formed ?store= only ($cx_store, mapped in docker/nginx.conf), the API's answer through an
 * internal location. The API escapes `<` in its JSON, so no store or staff name can close the block.
 */
export const STORE_FACE_SSI =
  '<!--# if expr="$cx_store" --><!--# include virtual="/_cx/store-face/$cx_store" --><!--# endif -->';
/** What the build writes at the mark: a data block, never run, so it needs no CSP hash. */
export const STORE_FACE_BLOCK = `<script type="application/json" id="${STORE_FACE_ID}">${STORE_FACE_SSI}</script>`;
/** How long a local server waits for the API before sending the page without the face (the page then asks itself). */
const FACE_TIMEOUT_MS = 2000;

/** The built customer.html with the block holding `json` (or left empty: the page then fetches the face itself). */
export function withStoreFace(html: string, json: string): string {
  if (!html.includes(STORE_FACE_SSI)) throw new Error('customer.html has no store-face block');
  return html.replace(STORE_FACE_SSI, () => json);
}

/**
 * The public face of the page's ?store= as the API answers GET /feedback/stores/:id, as block text; '' for a missing or
 * malformed id, any answer but 200, or no answer within the time limit.
 */
export async function fetchStoreFace(apiTarget: string, search: string): Promise<string> {
  const id = new URLSearchParams(search).get('store');
  if (!id || !/^[0-9a-f]{24}$/i.test(id)) return '';
  try {
    const res = await fetch(`${apiTarget.replace(/\/$/, '')}/api/v1/feedback/stores/${id}`, {
      signal: AbortSignal.timeout(FACE_TIMEOUT_MS),
    });
    return res.status === 200 ? blockJson(await res.json()) : '';
  } catch {
    return '';
  }
}
