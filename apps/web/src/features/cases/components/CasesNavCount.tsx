// The side navigation's count beside "Cases" (#37): my open cases that are new or overdue (one small inbox read).
import { Badge, Text } from '@chakra-ui/react';
import { tsr } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { CASES_QUERY_KEY } from '../api/cases';

const NAV_COUNT_LIMIT = 100;

export function CasesNavCount() {
  // The open pages (/user, /products, /blog) share the layout: nobody to count for there.
  const { isSignedIn } = useSession();
  const query = { owner: 'me' as const, status: 'open' as const, limit: NAV_COUNT_LIMIT };
  const mine = tsr.cases.list.useQuery({
    queryKey: [...CASES_QUERY_KEY, 'nav-count'],
    queryData: { query },
    refetchInterval: 60_000,
    retry: false,
    enabled: isSignedIn,
  });
  const items = mine.data?.body.items ?? [];
  const count = items.filter((c) => c.status === 'new' || c.overdue).length;
  if (count === 0) return null;
  const shown = count >= NAV_COUNT_LIMIT ? `${NAV_COUNT_LIMIT - 1}+` : String(count);
  return (
    <Badge ms="auto" colorPalette="red" variant="solid" rounded="full" data-testid="cases-nav-count">
      {shown}
      <Text as="span" srOnly>
        {' '}
        new or overdue for you
      </Text>
    </Badge>
  );
}
