// The store id and kiosk flag every step needs, read from the URL (and the tab's kiosk memory).
import { useState } from 'react';
import { useSearchParams } from '../nav/nav';
import { kioskMode } from './journey';

export function useJourney(): { storeId: string | null; kiosk: boolean } {
  const search = useSearchParams();
  const [kiosk] = useState(() => kioskMode(search));
  return { storeId: search.get('store'), kiosk };
}
