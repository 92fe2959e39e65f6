// The signed-in session in localStorage (keys `token` and `user`), plus useSession() that re-renders on change.
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** The user object stored after login (spec §3). Loose on purpose: the contract's user type (nullable fields included)
 * must be assignable to it, and fields the API adds later are kept as they come. */
export type TSessionUser = {
  id?: string;
  _id?: string;
  fullname?: string;
  email?: string;
  profilePicture?: string | null;
  userType?: string | null;
  subscriptionStatus?: string | null;
  [key: string]: unknown;
};

export type TSession = {
  token: string | null;
  user: TSessionUser | null;
  isSignedIn: boolean;
};

const listeners = new Set<() => void>();
/** Calls in progress that will answer a new token for this session (session.beginRenewal). */
const renewals = new Set<Promise<void>>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): TSessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as TSessionUser) : null;
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

// useSyncExternalStore needs a stable snapshot: rebuild it only when the stored strings change.
let cached: { token: string | null; userRaw: string | null; session: TSession } | null = null;

function getSnapshot(): TSession {
  const token = read(TOKEN_KEY);
  const userRaw = read(USER_KEY);
  if (!cached || cached.token !== token || cached.userRaw !== userRaw) {
    cached = { token, userRaw, session: { token, user: parseUser(userRaw), isSignedIn: Boolean(token) } };
  }
  return cached.session;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const session = {
  getToken: (): string | null => read(TOKEN_KEY),
  setToken(token: string) {
    window.localStorage.setItem(TOKEN_KEY, token);
    notify();
  },
  getUser: (): TSessionUser | null => parseUser(read(USER_KEY)),
  setUser(user: TSessionUser) {
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
    notify();
  },
  /** Login success: store the token and the user together (spec §4). */
  start({ token, user }: { token: string; user: TSessionUser }) {
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
    notify();
  },
  /**
   * Logout and 401: the spec clears all local storage, not only the session keys. The browser stays a known device of
   * its accounts all the same: that trust is an httpOnly cookie the API keeps, which no script reads or clears.
   */
  clear() {
    window.localStorage.clear();
    notify();
  },
  /**
   * Marks a call that will answer a new token for this session (a password change, which ends every older token):
   * until the returned function is called, a 401 for a call made with the old token waits for the new one
   * (see lib/api-client.ts) instead of signing the person out.
   */
  beginRenewal(): () => void {
    let finish: () => void = () => undefined;
    const renewal = new Promise<void>((resolve) => (finish = resolve));
    renewals.add(renewal);
    return () => {
      renewals.delete(renewal);
      finish();
    };
  },
  /** Resolves once no renewal is in progress. */
  async renewalsSettled(): Promise<void> {
    while (renewals.size > 0) await Promise.all([...renewals]);
  },
  /** "Bearer <token>" or '' when signed out; read on every request by the API client. */
  authorizationHeader(): string {
    const token = read(TOKEN_KEY);
    return token ? `Bearer ${token}` : '';
  },
};

export function useSession(): TSession {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
