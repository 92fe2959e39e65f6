// The Snapshot's people and places: best and most-improved staff member, the stores ranked, the latest five comments.
import { Avatar, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TSnapshot, TStoreRank } from '@cx/contracts';
import type { ReactNode } from 'react';
import { ChangeText } from '@/components/analytics/ChangeText';
import { FilterLink } from '@/components/analytics/FilterLink';
import { RatingCard } from '@/components/analytics/RatingCard';
import { RagChip } from '@/components/analytics/TargetParts';
import { FigureHelp } from '@/components/FigureHelp';
import { paths } from '@/config/paths';
import { apiFileUrl } from '@/lib/api-files';
import { formatFigure } from '@/lib/analytics/format';

import { SectionCard as Panel } from '@/components/SectionCard';

export { Panel };

function Person({ name, photo, children }: { name: string; photo: string | null; children: ReactNode }) {
  return (
    <HStack gap="3" align="center">
      <Avatar.Root size="md">
        <Avatar.Fallback name={name} />
        {photo ? <Avatar.Image src={apiFileUrl(photo)} alt="" /> : null}
      </Avatar.Root>
      <Box minW="0">
        <Text fontWeight="semibold">{name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {children}
        </Text>
      </Box>
    </HStack>
  );
}

export function StaffHighlights({ snapshot }: { snapshot: TSnapshot }) {
  const { bestStaff, mostImproved } = snapshot;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mb="6">
      <Panel id="best-staff" title="Best staff member">
        {bestStaff ? (
          <Person name={bestStaff.staff.name} photo={bestStaff.staff.photo}>
            {formatFigure(bestStaff.adjustedAverage, 'stars')} out of 5 adjusted
            <FigureHelp figure="adjustedAverage" /> ({formatFigure(bestStaff.average, 'stars')} raw) from{' '}
            {formatFigure(bestStaff.ratings, 'count')} ratings
          </Person>
        ) : (
          <Text color="fg.muted">Nobody has enough ratings in this period yet.</Text>
        )}
      </Panel>
      <Panel id="most-improved" title="Most improved">
        {mostImproved ? (
          <Person name={mostImproved.staff.name} photo={mostImproved.staff.photo}>
            {formatFigure(mostImproved.average, 'stars')} out of 5, was{' '}
            {formatFigure(mostImproved.previousAverage, 'stars')} (
            <ChangeText change={mostImproved.change} unit="stars" />) from{' '}
            {formatFigure(mostImproved.ratings, 'count')} ratings
          </Person>
        ) : (
          <Text color="fg.muted">No one to compare with the previous period yet.</Text>
        )}
      </Panel>
    </SimpleGrid>
  );
}

/**
 * `chain`: for a member who sees only some stores, their places in the whole chain ("#2 of 3") instead of a league of
 * their own stores, where one store would always be first (null while it loads).
 */
export function StoresRanked({ snapshot, chain }: { snapshot: TSnapshot; chain?: TStoreRank | null }) {
  const chainRank = (id: string) => {
    const place = chain?.stores.find((s) => s.store._id === id)?.rank;
    return place ? `#${place} of ${chain!.ranked}` : '–';
  };
  return (
    <Panel id="stores-ranked" title="Stores ranked">
      {snapshot.stores.length === 0 ? (
        <Text color="fg.muted">No stores yet.</Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" aria-labelledby="stores-ranked">
          {snapshot.stores.map((row) => (
            <HStack as="li" key={row.store._id} justify="space-between" gap="3" wrap="wrap">
              <Text>
                <Text as="span" fontWeight="bold" display="inline-block" minW="6">
                  {chain !== undefined ? chainRank(row.store._id) : (row.rank ?? '–')}
                </Text>{' '}
                {row.store.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatFigure(row.adjustedAverage, 'stars')} adjusted
                <FigureHelp figure="adjustedAverage" />
                {' · '}
                {formatFigure(row.average, 'stars')} raw · {formatFigure(row.ratings, 'count')} ratings
              </Text>
              {row.targets
                ?.filter((m) => m.metric === 'average')
                .map((m) => (
                  <RagChip key={m.metric} perf={m} short />
                ))}
            </HStack>
          ))}
        </Stack>
      )}
      {chain ? (
        <Text mt="2" fontSize="sm" color="fg.muted">
          Places among all {chain.ranked} ranked stores of the chain.
        </Text>
      ) : null}
      <Text mt="3" fontSize="sm">
        <FilterLink to={paths.business.storePerformance.path}>See the Store League Table</FilterLink>
      </Text>
    </Panel>
  );
}

export function LatestComments({ snapshot }: { snapshot: TSnapshot }) {
  return (
    <Panel id="latest-comments" title="Latest comments">
      {snapshot.latestComments.length === 0 ? (
        <Text color="fg.muted">No comments in this period.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-labelledby="latest-comments">
          {snapshot.latestComments.map((item) => (
            <RatingCard key={item._id} item={item} />
          ))}
        </Stack>
      )}
      <Text mt="3" fontSize="sm">
        <FilterLink to={paths.business.customersFeedback.path}>See the CX Feedback Timeline</FilterLink>
      </Text>
    </Panel>
  );
}
