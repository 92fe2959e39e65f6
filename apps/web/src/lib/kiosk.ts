// Kiosk mode for a shared in-store device: flagged per tab in sessionStorage, so it survives the customer steps and
// reloads but never leaks into another tab, and the hand-over URL stays exactly /rate-staff?store=<id>.
const KIOSK_KEY = 'cx.kiosk';

/** Called by the dashboard's Select Store hand-over, after local storage is cleared and before navigating. */
export function startKioskSession(): void {
  try {
    sessionStorage.setItem(KIOSK_KEY, '1');
  } catch {
    // storage unavailable: the device simply behaves like a phone
  }
}

/** True on a kiosk tab; `?kiosk=1` also turns it on (for opening a kiosk by hand). */
export function isKioskSession(search?: URLSearchParams): boolean {
  const fromUrl = search?.get('kiosk') === '1';
  try {
    if (fromUrl) sessionStorage.setItem(KIOSK_KEY, '1');
    return sessionStorage.getItem(KIOSK_KEY) === '1';
  } catch {
    return fromUrl;
  }
}
