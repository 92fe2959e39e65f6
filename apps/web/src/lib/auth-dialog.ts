// Which auth dialog view is open (login panels or plans), so any header, hero or button can open it without importing a feature.
import { useSyncExternalStore } from 'react';

export type TAuthDialogView = 'login' | 'plans';

let current: TAuthDialogView | null = null;
const listeners = new Set<() => void>();

function set(view: TAuthDialogView | null) {
  current = view;
  for (const listener of listeners) listener();
}

export const authDialog = {
  open: (view: TAuthDialogView = 'login') => set(view),
  close: () => set(null),
  get: () => current,
};

export function useAuthDialogView(): TAuthDialogView | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
