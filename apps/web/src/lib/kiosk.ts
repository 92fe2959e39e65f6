// Kiosk mode for a shared in-store device: flagged per tab in sessionStorage, so it survives the customer steps and
// reloads but never leaks into another tab, and the hand-over URL stays exactly /rate-staff?store=<id>. The tablet's
// enrolled kiosk credentials (one per store) live in localStorage: the API treats a submit as a kiosk's only with one.
const KIOSK_KEY = 'cx.kiosk';
const TABLET_PREFIX = 'cx.kiosk-tablet.';

/** What enrolment answered: the kiosk's id (to revoke it) and its credential (sent with every submit). */
export type TKioskTablet = { id: string; credential: string };

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

function parseTablet(raw: string | null): TKioskTablet | null {
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<TKioskTablet> | null;
    return typeof v?.id === 'string' && typeof v.credential === 'string' ? { id: v.id, credential: v.credential } : null;
  } catch {
    return null;
  }
}

/** This tablet's kiosk credential for the store, if it was enrolled for it. */
export function kioskTabletOf(storeId: string): TKioskTablet | null {
  try {
    return parseTablet(localStorage.getItem(`${TABLET_PREFIX}${storeId}`));
  } catch {
    return null;
  }
}

export function rememberKioskTablet(storeId: string, tablet: TKioskTablet): void {
  try {
    localStorage.setItem(`${TABLET_PREFIX}${storeId}`, JSON.stringify(tablet));
  } catch {
    // storage unavailable: this tablet's ratings count as a phone's
  }
}

/**
 * Clears local storage (the hand-over's "nothing of the owner stays") but keeps the tablet's kiosk credentials: they
 * belong to the tablet, not to the owner's session.
 */
export function clearStorageKeepingKioskTablets(): void {
  try {
    const kept = Object.keys(localStorage)
      .filter((k) => k.startsWith(TABLET_PREFIX))
      .map((k) => [k, localStorage.getItem(k) ?? ''] as const);
    localStorage.clear();
    for (const [k, v] of kept) localStorage.setItem(k, v);
  } catch {
    // storage unavailable: nothing to clear
  }
}
