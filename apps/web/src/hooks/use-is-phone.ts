// Whether the window is phone-sized (below Chakra's `md`, 48em): what only phones get is rendered, not merely hidden.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 47.99em)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
