// A link to another dashboard page that carries the current period and store filters along (plus any page extras).
import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { sharedSearch } from '@/lib/analytics/filters';

export function FilterLink({
  to,
  extra,
  children,
}: {
  to: string;
  /** Filters of the target page to set, e.g. `{ theme: 'queue' }` for the timeline. */
  extra?: Record<string, string>;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const search = new URLSearchParams(sharedSearch(params));
  for (const [key, value] of Object.entries(extra ?? {})) search.set(key, value);
  const qs = search.toString();
  return (
    <Link asChild colorPalette="brand" fontWeight="medium" textDecoration="underline">
      <RouterLink to={{ pathname: to, search: qs ? `?${qs}` : '' }}>{children}</RouterLink>
    </Link>
  );
}
