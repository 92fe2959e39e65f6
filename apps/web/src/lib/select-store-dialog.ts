// Whether the Select Store dialog is open, so the header, a plans view or a page button can open it without importing a feature.
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const selectStoreDialog = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => open,
};

export function useSelectStoreDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => open,
  );
}
