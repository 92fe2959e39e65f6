// This browser's known-device tokens, one per account email: sent with each login so a throttled account still
// recognises its owner's browser. They survive logout (lib/session.ts) and never sign in without the password.
import { KNOWN_DEVICES_KEY } from '@/lib/session';

/** More accounts than a shared browser realistically signs in to; the oldest entries go first. */
const MAX_ACCOUNTS = 20;

const keyOf = (email: string) => email.trim().toLowerCase();

function readAll(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KNOWN_DEVICES_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export const knownDevices = {
  get: (email: string): string | undefined => readAll()[keyOf(email)],
  remember(email: string, token: string) {
    const others = Object.entries(readAll()).filter(([key]) => key !== keyOf(email));
    const kept = [...others.slice(-(MAX_ACCOUNTS - 1)), [keyOf(email), token]];
    try {
      window.localStorage.setItem(KNOWN_DEVICES_KEY, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // Storage full or disabled: the browser just stays unknown, which only matters while under attack.
    }
  },
};
