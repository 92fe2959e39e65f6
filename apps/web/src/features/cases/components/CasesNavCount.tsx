// The top bar's "Cases" button (#37): the inbox icon, with a count of my open cases that are new or overdue (one small
// inbox read). The spec's side navigation keeps its twelve items, so the inbox is reached from here.
import { Badge, IconButton } from '@chakra-ui/react';
import { LuInbox } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
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
  const shown = count >= NAV_COUNT_LIMIT ? `${NAV_COUNT_LIMIT - 1}+` : String(count);
  return (
    <IconButton
      asChild
      aria-label={count ? `Cases, ${shown} new or overdue for you` : 'Cases'}
      variant="ghost"
      rounded="full"
      size={{ base: 'sm', md: 'md' }}
      position="relative"
    >
      <RouterLink to={paths.business.cases.path}>
        <LuInbox />
        {count > 0 ? (
          <Badge
            data-testid="cases-nav-count"
            position="absolute"
            top="0"
            insetEnd="0"
            colorPalette="red"
            variant="solid"
            rounded="full"
            size="xs"
            aria-hidden
          >
            {shown}
          </Badge>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
