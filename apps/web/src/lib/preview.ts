// "Preview as a customer": a tab opened from Manage Stores with ?preview=1 shows the QR pages but sends nothing (no
// visit, rating or social click is stored, no device id is asked for). Kept per tab like kiosk mode, so it lasts
// through the customer steps (whose links carry only ?store=) and never leaks into another tab.
const PREVIEW_KEY = 'cx.preview';

export function isPreviewSession(search?: URLSearchParams): boolean {
  const fromUrl = search?.get('preview') === '1';
  try {
    if (fromUrl) sessionStorage.setItem(PREVIEW_KEY, '1');
    return sessionStorage.getItem(PREVIEW_KEY) === '1';
  } catch {
    return fromUrl;
  }
}
