// "Area league table": areas one level below a node ranked like stores, against their targets; a name opens its areas.
import { Box, Breadcrumb, Button, Heading, Table, Text } from '@chakra-ui/react';
import type { TAreaLeague, TAreaLeagueRow } from '@cx/contracts';
import { Fragment, useState } from 'react';
import { LuNetwork } from 'react-icons/lu';
import {
  NotRankedList,
  RankCell,
  RankedFigureCells,
  STICKY_NAME_COLUMN,
  TABLE_SCROLL_BOX,
  tiedRanks,
} from '@/components/analytics/LeagueParts';
import { LeagueTargetCells } from '@/components/analytics/TargetParts';
import { stackedRows } from '@/components/analytics/stacked-rows';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { paths } from '@/config/paths';
import { useDashboardFilters } from '@/lib/analytics/filters';
import { FigureName, type TFigure } from '@/components/FigureHelp';
import { formatFigure } from '@/lib/analytics/format';
import { useAreaLeague } from '../api/area-league';

const WHAT = 'the area league table';

function AreaName({ row, onOpen }: { row: TAreaLeagueRow; onOpen: (id: string) => void }) {
  return (
    <Button
      variant="plain"
      size="sm"
      px="0"
      h="auto"
      whiteSpace="normal"
      textAlign="start"
      fontWeight="medium"
      textDecoration="underline"
      onClick={() => onOpen(row.area._id)}
      aria-label={`${row.area.name}: show its areas`}
    >
      {row.area.name}
    </Button>
  );
}

/** Each body cell's label on a phone, in column order (the area leads the card unlabelled). */
const PHONE_ROWS = stackedRows([
  'Rank',
  '',
  'Adjusted average',
  'Raw average',
  'Ratings',
  '% happy',
  'Trend',
  'Stores',
  'Targets',
]);

function AreaTable({ league, onOpen }: { league: TAreaLeague; onOpen: (id: string) => void }) {
  const tied = tiedRanks(league.ranked);
  const head = (label: string, end = true, help?: TFigure) => (
    <Table.ColumnHeader textAlign={end ? 'end' : 'start'} whiteSpace="normal">
      {help ? <FigureName figure={help}>{label}</FigureName> : label}
    </Table.ColumnHeader>
  );
  return (
    <Table.ScrollArea {...TABLE_SCROLL_BOX} tabIndex={0} aria-label="Area league table, scrollable">
      <Table.Root size="sm" aria-label="Area league table" css={PHONE_ROWS}>
        <Table.Header>
          <Table.Row>
            {head('Rank', false)}
            <Table.ColumnHeader {...STICKY_NAME_COLUMN}>Area</Table.ColumnHeader>
            {head('Adjusted average', true, 'adjustedAverage')}
            {head('Raw average', true, 'average')}
            {head('Ratings')}
            {head('% happy', true, 'happy')}
            {head('Trend', true, 'trend')}
            {head('Stores')}
            {head('Targets')}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {league.ranked.map((row) => (
            <Table.Row key={row.area._id} data-testid="area-row">
              <RankCell rank={row.rank} tied={row.rank !== null && tied.has(row.rank)} />
              <Table.Cell {...STICKY_NAME_COLUMN}>
                <AreaName row={row} onOpen={onOpen} />
              </Table.Cell>
              <RankedFigureCells row={row} />
              <Table.Cell textAlign="end">{formatFigure(row.stores, 'count')}</Table.Cell>
              <LeagueTargetCells metrics={row.targets} />
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AreaPath({ league, onOpen }: { league: TAreaLeague; onOpen: (id: string | undefined) => void }) {
  return (
    <Breadcrumb.Root size="sm" mb="3">
      <Breadcrumb.List flexWrap="wrap">
        {league.path.map((node, i) => {
          const last = i === league.path.length - 1;
          return (
            <Fragment key={node._id}>
              <Breadcrumb.Item>
                {last ? (
                  <Breadcrumb.CurrentLink>{node.name}</Breadcrumb.CurrentLink>
                ) : (
                  <Button
                    variant="plain"
                    size="xs"
                    px="0"
                    h="auto"
                    textDecoration="underline"
                    onClick={() => onOpen(node._id)}
                  >
                    {node.name}
                  </Button>
                )}
              </Breadcrumb.Item>
              {last ? null : <Breadcrumb.Separator />}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

/** The card beside the store league: same filters, same fair-ranking rules, one level of the tree at a time. */
export function AreaLeagueCard() {
  const { filters, isValid } = useDashboardFilters();
  const [parent, setParent] = useState<string | undefined>(undefined);
  const league = useAreaLeague(filters, parent, isValid);
  const data = league.data?.status === 200 ? league.data.body : undefined;
  return (
    <Box as="section" aria-labelledby="area-league-title" mt="10" aria-busy={league.isFetching}>
      <Heading as="h2" id="area-league-title" size="lg" mb="1">
        Area league table
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Regions and districts ranked by their stores' ratings, with the same fair ranking as stores. Choose an
        area to see the areas inside it.
      </Text>
      {data ? <AreaPath league={data} onOpen={setParent} /> : null}
      <QueryStates
        query={league}
        loading={{ label: `Loading ${WHAT}`, rows: 3, height: '10' }}
        what={WHAT}
        isEmpty={!!data && data.ranked.length + data.notRanked.length === 0}
        empty={
          <EmptyList
            icon={<LuNetwork />}
            title={parent ? 'No areas inside this one' : 'No areas to compare yet'}
            description="Group your stores into regions and districts on the Structure page to compare them here."
            goTo={{ to: paths.business.structure.path, label: 'Open Structure' }}
          />
        }
      >
        {() => (
          <>
            {data!.ranked.length > 0 ? <AreaTable league={data!} onOpen={setParent} /> : null}
            <NotRankedList
              id="areas-not-ranked"
              title="Areas not ranked yet"
              minSample={data!.minSample}
              rows={data!.notRanked.map((row) => ({
                key: row.area._id,
                name: <AreaName row={row} onOpen={setParent} />,
                ratings: row.ratings,
                extra: ` · ${formatFigure(row.stores, 'count')} ${row.stores === 1 ? 'store' : 'stores'}`,
              }))}
            />
          </>
        )}
      </QueryStates>
    </Box>
  );
}
