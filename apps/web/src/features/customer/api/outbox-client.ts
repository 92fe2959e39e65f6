// The page's one outbox (real fetch, localStorage) and the hooks that pump it and show its state.
import { useEffect, useSyncExternalStore } from 'react';
import { env } from '@/config/env';
import { kioskTabletOf } from '@/lib/kiosk';
import { isPreviewSession } from '@/lib/preview';
import { deviceIds } from './device';
import { Outbox, type TOutboxState } from './outbox';

let instance: Outbox | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getOutbox(): Outbox {
  if (instance) return instance;
  // fetch is looked up per call so a polyfill or test stub installed later is used.
  const deps = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
    storage: storage(),
  };
  const deviceId = deviceIds({ ...deps, baseUrl: env.apiBaseUrl });
  instance = new Outbox({
    ...deps,
    baseUrl: env.apiBaseUrl,
    // The API decides what a device is: its own signed id, and an enrolled tablet's kiosk credential for this store.
    identify: async (body) => {
      const id = await deviceId();
      const kiosk = typeof body.store === 'string' ? kioskTabletOf(body.store)?.credential : undefined;
      return { ...(id ? { deviceId: id } : {}), ...(kiosk ? { kiosk } : {}) };
    },
    // Read from the address too: the first paint may count the visit before anything else has looked at it.
    dryRun: () => isPreviewSession(new URLSearchParams(window.location.search)),
  });
  return instance;
}

/** Tests: forget the instance so the next one reads the (cleared) storage again. */
export function resetOutbox(): void {
  // The old instance may still be retrying an earlier test's send; retired, it cannot post or save into the next one's.
  instance?.retire();
  instance = null;
}

const EMPTY: TOutboxState = { pending: 0, pendingRatings: 0, rejected: [], sentRatings: 0 };

export function useOutboxState(): TOutboxState {
  const outbox = getOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getState, () => EMPTY);
}

/** Retries whatever an earlier visit left unsent, and again whenever the connection or the tab comes back. */
export function useOutboxPump(): void {
  useEffect(() => {
    const outbox = getOutbox();
    const flushNow = () => void outbox.flush(true);
    const onVisible = () => {
      if (document.visibilityState === 'visible') flushNow();
    };
    if (outbox.pendingItems().length) flushNow();
    window.addEventListener('online', flushNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', flushNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
