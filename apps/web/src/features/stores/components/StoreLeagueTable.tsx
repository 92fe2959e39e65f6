// The ranked stores: adjusted and raw average, ratings, CSAT, trend, visits and rating rate, social clicks, targets (RAG).
import { Avatar, HStack, Table, Text } from '@chakra-ui/react';
import type { TStoreLeague, TStoreLeagueRow } from '@cx/contracts';
import {
  RankCell,
  RankedFigureCells,
  STICKY_NAME_COLUMN,
  TABLE_SCROLL_BOX,
  tiedRanks,
} from '@/components/analytics/LeagueParts';
import { LeagueTargetCells } from '@/components/analytics/TargetParts';
import { SortHeader, type TLeagueSort, type TSortOrder } from '@/components/analytics/SortHeader';
import { stackedRows } from '@/components/analytics/stacked-rows';
import { apiImage } from '@/lib/image-sources';
import type { TParamPatch } from '@/lib/analytics/filters';
import { FigureHelp, type TFigure } from '@/components/FigureHelp';
import { formatFigure } from '@/lib/analytics/format';

const NETWORK_LABELS: Record<string, string> = {
  googleReview: 'Google',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tripadvisor: 'Tripadvisor',
  website: 'Website',
};

export const networkLabel = (key: string) => NETWORK_LABELS[key] ?? key;

export function StoreName({ row }: { row: TStoreLeagueRow }) {
  return (
    <HStack gap="2" minW="36">
      <Avatar.Root size="xs" shape="rounded">
        <Avatar.Fallback name={row.store.name} />
        {row.store.image ? <Avatar.Image {...apiImage(row.store.image, 40)} alt="" /> : null}
      </Avatar.Root>
      <Text as="span" fontWeight="medium">
        {row.store.name}
      </Text>
    </HStack>
  );
}

function SocialClicks({ clicks }: { clicks: TStoreLeagueRow['socialClicks'] }) {
  const parts = Object.entries(clicks.byNetwork).filter(([, n]) => n > 0);
  return (
    <>
      {formatFigure(clicks.total, 'count')}
      {parts.length > 0 ? (
        <Text as="span" display="block" fontSize="xs" color="fg.muted" whiteSpace="normal">
          {parts.map(([network, n]) => `${networkLabel(network)} ${formatFigure(n, 'count')}`).join(' · ')}
        </Text>
      ) : null}
    </>
  );
}

/** Visits and, under them, the share of visits that left a rating (one column: the table fits a 1280 px screen). */
function VisitsAndRate({ row }: { row: TStoreLeagueRow }) {
  return (
    <>
      {formatFigure(row.visits, 'count')}
      <Text as="span" display="block" fontSize="xs" color="fg.muted">
        {row.ratingRate === null ? '–' : `${formatFigure(row.ratingRate, 'percent')} rated`}
      </Text>
    </>
  );
}

/** Each body cell's label on a phone, in column order (the store leads the card unlabelled). */
const PHONE_ROWS = stackedRows([
  'Rank',
  '',
  'Adjusted average',
  'Raw average',
  'Ratings',
  'CSAT',
  'Trend',
  'Visits · rating rate',
  'Social clicks',
  'Targets',
]);

export function StoreLeagueTable({
  league,
  sort,
  onSort,
}: {
  league: TStoreLeague;
  sort: { sort: TLeagueSort; order: TSortOrder };
  onSort: (patch: TParamPatch) => void;
}) {
  const tied = tiedRanks(league.ranked);
  const header = (column: TLeagueSort, label: string, numeric = true, help?: TFigure) => (
    <SortHeader column={column} current={sort} onSort={onSort} numeric={numeric} help={help}>
      {label}
    </SortHeader>
  );
  // The explanation's button follows the words and goes under them when the column is narrow.
  const named = (label: string, help?: TFigure) =>
    help ? (
      <>
        {label} <FigureHelp figure={help} />
      </>
    ) : (
      label
    );
  const plain = (label: string, help?: TFigure) => (
    <Table.ColumnHeader textAlign="end" whiteSpace="normal">
      {named(label, help)}
    </Table.ColumnHeader>
  );
  return (
    <Table.ScrollArea {...TABLE_SCROLL_BOX} tabIndex={0} aria-label="Store league table, scrollable">
      {/* Ten columns fit a 1280 px screen (content ~950 px) with narrower gutters: headers' words wrap, never clip. */}
      <Table.Root
        size="sm"
        aria-label="Store league table"
        css={{ ...PHONE_ROWS, md: { '& th, & td': { px: '1.5' } } }}
      >
        <Table.Header>
          <Table.Row>
            {header('rank', 'Rank', false)}
            <SortHeader column="name" current={sort} onSort={onSort} cellProps={STICKY_NAME_COLUMN}>
              Store
            </SortHeader>
            {plain('Adjusted average', 'adjustedAverage')}
            {header('average', 'Raw average', true, 'average')}
            {header('ratings', 'Ratings')}
            {header('csat', 'CSAT', true, 'csat')}
            {header('trend', 'Trend', true, 'trend')}
            <Table.ColumnHeader textAlign="end" whiteSpace="normal">
              {named('Visits', 'visits')}
              <br />
              {named('Rating rate', 'ratingRate')}
            </Table.ColumnHeader>
            {plain('Social clicks', 'socialClicks')}
            {plain('Targets')}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {league.ranked.map((row) => (
            <Table.Row key={row.store._id} data-testid="store-row">
              <RankCell rank={row.rank} tied={row.rank !== null && tied.has(row.rank)} />
              <Table.Cell {...STICKY_NAME_COLUMN}>
                <StoreName row={row} />
              </Table.Cell>
              <RankedFigureCells row={row} />
              <Table.Cell textAlign="end">
                <VisitsAndRate row={row} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <SocialClicks clicks={row.socialClicks} />
              </Table.Cell>
              <LeagueTargetCells metrics={row.targets} />
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
