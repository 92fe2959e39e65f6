// The phone's first screen on every dashboard page (#36): today's ratings and average, open complaints, who is on
// shift and the store's rank in the chain, for the member's own stores; each figure loads and fails on its own.
import { Box, Button, HStack, SimpleGrid, Skeleton, Text, VisuallyHidden } from '@chakra-ui/react';
import type { TOnShiftStore, TStoreRank } from '@cx/contracts';
import type { ReactNode } from 'react';
import { formatFigure } from '@/lib/analytics/format';
import { useFacts } from './facts-queries';

/** Up to this many of the member's stores get their own rank; an owner of a chain reads the league instead. */
const RANKED_STORES_SHOWN = 3;
const NAMES_SHOWN = 3;

type TFactQuery<T> = { isPending: boolean; isError: boolean; data?: { body: T } };

function Fact<T>({
  label,
  query,
  children,
}: {
  label: string;
  query: TFactQuery<T>;
  children: (body: T) => { value: ReactNode; note?: ReactNode };
}) {
  let value: ReactNode;
  let note: ReactNode = null;
  // Words for screen readers beside the skeleton and the dash (an aria-label on a plain element is not allowed).
  if (query.isPending)
    value = (
      <>
        <Skeleton height="6" width="12" />
        <VisuallyHidden>Loading {label.toLowerCase()}</VisuallyHidden>
      </>
    );
  else if (query.isError || !query.data)
    value = (
      <>
        <span aria-hidden="true">–</span>
        <VisuallyHidden>{label} could not be loaded</VisuallyHidden>
      </>
    );
  else ({ value, note = null } = children(query.data.body));
  return (
    <Box minW="0" px="3" py="2" rounded="md" bg="bg" borderWidth="1px" data-fact={label}>
      <Text as="dt" fontSize="xs" color="fg.muted" lineClamp={1}>
        {label}
      </Text>
      <Text as="dd" fontSize="lg" fontWeight="bold" lineHeight="short">
        {value}
      </Text>
      {note ? (
        <Text as="dd" fontSize="xs" color="fg.muted">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

/** "#2 of 3" for the member's one store; each store's place for two or three; nothing for a chain's owner. */
export function rankText(rank: TStoreRank): { value: string; note: string } | null {
  const { stores, ranked, minSample } = rank;
  if (stores.length === 0 || stores.length > RANKED_STORES_SHOWN) return null;
  if (stores.length === 1) {
    const only = stores[0]!;
    return only.rank === null
      ? { value: 'Not ranked yet', note: `${only.ratings} of ${minSample} ratings, last 30 days` }
      : { value: `#${only.rank} of ${ranked}`, note: 'In the chain, last 30 days' };
  }
  return {
    value: stores.map((s) => (s.rank === null ? '–' : `#${s.rank}`)).join(' · ') + ` of ${ranked}`,
    note: stores.map((s) => s.store.name).join(' · '),
  };
}

export function onShiftText(stores: TOnShiftStore[]): { value: string; note: string } {
  const names = stores.flatMap((s) => s.staff.map((p) => p.name));
  if (names.length === 0) return { value: 'Nobody', note: 'No shift on the rota right now' };
  const more = names.length - NAMES_SHOWN;
  return {
    value: String(names.length),
    note: names.slice(0, NAMES_SHOWN).join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
}

export function FactsStrip() {
  const { today, rank, alerts, onShift } = useFacts();
  const all = [today, rank, alerts, onShift];
  const loading = all.some((q) => q.isPending);
  const failed = all.filter((q) => q.isError);
  const rankFact = rank.data ? rankText(rank.data.body) : null;
  return (
    <Box as="section" aria-label="Today at a glance" aria-busy={loading} mb="4" data-testid="facts-strip">
      <SimpleGrid as="dl" columns={{ base: 2, sm: 3 }} gap="2">
        <Fact label="Ratings today" query={today}>
          {(s) => ({
            value: formatFigure(s.ratings.value ?? 0, 'count'),
            note: s.ratings.value ? undefined : 'No ratings yet today',
          })}
        </Fact>
        <Fact label="Average today" query={today}>
          {(s) => ({ value: s.average.value === null ? '–' : `${formatFigure(s.average.value, 'stars')}★` })}
        </Fact>
        <Fact label="Open complaints" query={alerts}>
          {(page) => ({
            value: formatFigure(page.openAlerts, 'count'),
            note: page.openAlerts ? 'Alerts not yet acknowledged' : 'All acknowledged',
          })}
        </Fact>
        <Fact label="On shift now" query={onShift}>
          {(body) => onShiftText(body.stores)}
        </Fact>
        {rank.isPending || rank.isError || rankFact ? (
          <Fact label="Rank in the chain" query={rank}>
            {() => rankFact ?? { value: '–' }}
          </Fact>
        ) : null}
      </SimpleGrid>
      {failed.length > 0 ? (
        <HStack mt="2" gap="2" wrap="wrap" role="alert">
          <Text fontSize="sm" color="fg.error">
            Some of today&apos;s figures could not be loaded.
          </Text>
          <Button size="xs" variant="outline" onClick={() => failed.forEach((q) => void q.refetch())}>
            Try again
          </Button>
        </HStack>
      ) : null}
    </Box>
  );
}
