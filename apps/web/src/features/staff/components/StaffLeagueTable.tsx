// The ranked staff: adjusted and raw average, ratings, CSAT, trend, and the experience customers had on their shifts.
import { Avatar, HStack, Link as ChakraLink, Table, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from 'react-router';
import type { TStaffLeague, TStaffLeagueRow } from '@cx/contracts';
import {
  RankCell,
  RankedFigureCells,
  STICKY_NAME_COLUMN,
  TABLE_SCROLL_BOX,
  tiedRanks,
} from '@/components/analytics/LeagueParts';
import { SortHeader, type TLeagueSort, type TSortOrder } from '@/components/analytics/SortHeader';
import { stackedRows } from '@/components/analytics/stacked-rows';
import { paths } from '@/config/paths';
import { apiImage } from '@/lib/image-sources';
import { sharedSearch } from '@/lib/analytics/filters';
import type { TParamPatch } from '@/lib/analytics/filters';
import { FigureName, type TFigure } from '@/components/FigureHelp';
import { formatFigure } from '@/lib/analytics/format';

export function StaffName({ row }: { row: TStaffLeagueRow }) {
  const [params] = useSearchParams();
  const scorecard = paths.business.scorecard.getHref(row.staff._id, sharedSearch(params));
  return (
    <HStack gap="2" minW="40">
      <Avatar.Root size="xs">
        <Avatar.Fallback name={row.staff.name} />
        {row.staff.photo ? <Avatar.Image {...apiImage(row.staff.photo, 40)} alt="" /> : null}
      </Avatar.Root>
      <span>
        <Text as="span" fontWeight="medium" display="block">
          <ChakraLink asChild>
            <Link to={scorecard} title={`Scorecard of ${row.staff.name}`}>
              {row.staff.name}
            </Link>
          </ChakraLink>
          {row.staff.active ? '' : ' (inactive)'}
        </Text>
        <Text as="span" fontSize="xs" color="fg.muted">
          {row.stores.map((s) => s.name).join(', ')}
        </Text>
      </span>
    </HStack>
  );
}

/** Each body cell's label on a phone, in column order (the person leads the card unlabelled). */
const PHONE_LABELS = [
  'Rank',
  '',
  'Adjusted average',
  'Raw average',
  'Ratings',
  'CSAT',
  'Trend',
  'Shift experience',
] as const;
const PHONE_ROWS = stackedRows(PHONE_LABELS);

export function StaffLeagueTable({
  league,
  sort,
  onSort,
}: {
  league: TStaffLeague;
  sort: { sort: TLeagueSort; order: TSortOrder };
  onSort: (patch: TParamPatch) => void;
}) {
  const tied = tiedRanks(league.ranked);
  const header = (column: TLeagueSort, label: string, numeric = true, help?: TFigure) => (
    <SortHeader column={column} current={sort} onSort={onSort} numeric={numeric} help={help}>
      {label}
    </SortHeader>
  );
  return (
    <Table.ScrollArea {...TABLE_SCROLL_BOX} tabIndex={0} aria-label="Staff league table, scrollable">
      <Table.Root size="sm" aria-label="Staff league table" css={PHONE_ROWS}>
        <Table.Header>
          <Table.Row>
            {header('rank', 'Rank', false)}
            <SortHeader column="name" current={sort} onSort={onSort} cellProps={STICKY_NAME_COLUMN}>
              Person
            </SortHeader>
            <Table.ColumnHeader textAlign="end" whiteSpace="normal">
              <FigureName figure="adjustedAverage" />
            </Table.ColumnHeader>
            {header('average', 'Raw average', true, 'average')}
            {header('ratings', 'Ratings')}
            {header('csat', 'CSAT', true, 'csat')}
            {header('trend', 'Trend', true, 'trend')}
            {header('shiftExperience', 'Shift experience', true, 'shiftExperience')}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {league.ranked.map((row) => (
            <Table.Row key={row.staff._id} data-testid="staff-row">
              <RankCell rank={row.rank} tied={row.rank !== null && tied.has(row.rank)} />
              <Table.Cell {...STICKY_NAME_COLUMN}>
                <StaffName row={row} />
              </Table.Cell>
              <RankedFigureCells row={row} />
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatFigure(row.shiftExperience.average, 'stars')}
                <Text as="span" fontSize="xs" color="fg.muted">
                  {' '}
                  ({formatFigure(row.shiftExperience.ratings, 'count')})
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
