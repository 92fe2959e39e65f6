// Which auth dialog view is open (login panels or plans), so any header, hero or button can open it without importing a feature.
import { useSyncExternalStore } from 'react';

/** 'forgot': the Forgot Password panel, where the failed sign-in mail's "change my password" link lands; 'signup': the
 * Sign Up panel, which the home page's "Start free trial" opens. */
export type TAuthDialogView = 'login' | 'plans' | 'forgot' | 'signup';

/** Where to go after a login (instead of the dashboard) and the email to prefill, e.g. from an invitation link. */
export type TAuthDialogOptions = { returnTo?: string; email?: string };

let current: TAuthDialogView | null = null;
let options: TAuthDialogOptions = {};
const listeners = new Set<() => void>();

function set(view: TAuthDialogView | null) {
  current = view;
  for (const listener of listeners) listener();
}

export const authDialog = {
  open: (view: TAuthDialogView = 'login', opts: TAuthDialogOptions = {}) => {
    options = opts;
    set(view);
  },
  close: () => {
    options = {};
    set(null);
  },
  options: (): TAuthDialogOptions => options,
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
