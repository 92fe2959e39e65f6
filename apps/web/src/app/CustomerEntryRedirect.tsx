// A customer path reached inside the dashboard SPA: load it from the server, which answers with the lean QR entry.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { hardNavigate } from '@/lib/hard-navigate';

/** True when this document was itself loaded for this URL (a server sending the SPA here): reloading would loop. */
function loadedHereAlready(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return !!entry && entry.name === window.location.href;
}

export function CustomerEntryRedirect() {
  const { pathname, search } = useLocation();
  const loop = loadedHereAlready();
  useEffect(() => {
    if (!loop) hardNavigate(pathname + search);
  }, [loop, pathname, search]);
  return loop ? <p role="alert">This page could not be opened. Please scan the QR code again.</p> : null;
}
