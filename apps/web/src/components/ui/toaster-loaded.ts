// Whether any code has loaded the toaster yet: the toast region mounts only then, so a page that never toasts (the
// landing page) never downloads Chakra or zag's toast machine.
import { useSyncExternalStore } from 'react';

let loaded = false;
const listeners = new Set<() => void>();

/** Called once by the toaster module as it loads. */
export function markToasterLoaded() {
  if (loaded) return;
  loaded = true;
  for (const listener of listeners) listener();
}

export function useToasterLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => loaded,
  );
}
