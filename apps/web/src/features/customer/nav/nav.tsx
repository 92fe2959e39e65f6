// A tiny client-side router for the eight customer steps (history API): location hook, <Link>, <Navigate>, navigate().
import { useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { paths } from '@/config/paths';

/** The steps this entry renders itself; any other path is a full page load (the dashboard's own entry). */
export const CUSTOMER_PATHS: ReadonlySet<string> = new Set(Object.values(paths.customer).map((r) => r.path));

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (!CUSTOMER_PATHS.has(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  if (replace) window.history.replaceState(null, '', url.pathname + url.search);
  else window.history.pushState(null, '', url.pathname + url.search);
  window.scrollTo?.(0, 0);
  for (const listener of [...listeners]) listener();
}

export type TLocation = { pathname: string; search: URLSearchParams };

export function useLocation(): TLocation {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(href, 'http://local');
  return { pathname: url.pathname, search: url.searchParams };
}

export const useSearchParams = (): URLSearchParams => useLocation().search;

type TLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An <a> that moves between steps without a page load (a modified click still opens a new tab as usual). */
export function Link({ to, onClick, ...rest }: TLinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}

/** Replaces the current step with another as soon as it renders (a disabled step, an unknown person). */
export function Navigate({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
