// One customer's pass through the pages: kiosk mode, the visit key, fresh submit keys (the device id: ./device.ts).
import { isKioskSession } from '@/lib/kiosk';

const JOURNEY_KEY = 'cx.journey';

export const isStoreId = (value: string | null | undefined): value is string =>
  !!value && /^[0-9a-f]{24}$/i.test(value);

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can be unavailable (private modes, quotas): the journey still works, only without memory.
    return fallback;
  }
}

/** A v4 UUID; crypto.randomUUID only exists on secure origins, and shop tablets may open the app over plain http. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Kiosk mode: set by the dashboard's Select Store hand-over (or ?kiosk=1), kept for the tab (src/lib/kiosk.ts). */
export function kioskMode(search?: URLSearchParams): boolean {
  return isKioskSession(search);
}

/**
 * The current customer's journey at a store. A reload keeps it (so the visit is counted once); "start again" and a
 * different store begin a new one. Returns isNew so the caller records the visit once.
 */
export function beginJourney(store: string): { visitKey: string; isNew: boolean } {
  const current = safe(
    () =>
      JSON.parse(sessionStorage.getItem(JOURNEY_KEY) ?? 'null') as { store: string; visitKey: string } | null,
    null,
  );
  if (current?.store === store) return { visitKey: current.visitKey, isNew: false };
  const journey = { store, visitKey: newKey() };
  safe(() => sessionStorage.setItem(JOURNEY_KEY, JSON.stringify(journey)), undefined);
  return { visitKey: journey.visitKey, isNew: true };
}

export function endJourney(): void {
  safe(() => sessionStorage.removeItem(JOURNEY_KEY), undefined);
}

export function sourceOf(kiosk: boolean): 'kiosk' | 'qr' {
  return kiosk ? 'kiosk' : 'qr';
}
