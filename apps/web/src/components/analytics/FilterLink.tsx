// A link to another dashboard page that carries the current period and store filters along.
import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { sharedSearch } from '@/lib/analytics/filters';

export function FilterLink({ to, children }: { to: string; children: ReactNode }) {
  const [params] = useSearchParams();
  return (
    <Link asChild colorPalette="brand" fontWeight="medium" textDecoration="underline">
      <RouterLink to={{ pathname: to, search: sharedSearch(params) }}>{children}</RouterLink>
    </Link>
  );
}
