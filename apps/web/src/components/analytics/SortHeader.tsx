// A sortable column header of a league table: a button that sorts by the column (again: reverses), kept in the URL.
import { Button, Table } from '@chakra-ui/react';
import type { STAFF_LEAGUE_SORTS } from '@cx/contracts';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { FigureHelp, type TFigure } from '@/components/FigureHelp';
import type { TParamPatch } from '@/lib/analytics/filters';

export type TLeagueSort = (typeof STAFF_LEAGUE_SORTS)[number];
export type TSortOrder = 'asc' | 'desc';

const SORTS: readonly string[] = ['rank', 'ratings', 'average', 'csat', 'trend', 'shiftExperience', 'name'];

/** Rank and name read naturally ascending; every figure reads best first. */
export const defaultOrder = (sort: TLeagueSort): TSortOrder =>
  sort === 'rank' || sort === 'name' ? 'asc' : 'desc';

export function readSort(params: URLSearchParams): { sort: TLeagueSort; order: TSortOrder } {
  const raw = params.get('sort');
  const sort = (raw && SORTS.includes(raw) ? raw : 'rank') as TLeagueSort;
  const order = params.get('order');
  return { sort, order: order === 'asc' || order === 'desc' ? order : defaultOrder(sort) };
}

export function SortHeader({
  column,
  current,
  onSort,
  children,
  numeric,
  cellProps,
  help,
}: {
  column: TLeagueSort;
  current: { sort: TLeagueSort; order: TSortOrder };
  onSort: (patch: TParamPatch) => void;
  children: ReactNode;
  numeric?: boolean;
  /** Extra props for the header cell (e.g. a sticky name column). */
  cellProps?: Table.ColumnHeaderProps;
  /** A derived figure gets its one-line explanation beside the sort button (a button cannot hold another). */
  help?: TFigure;
}) {
  const active = current.sort === column;
  const next: TSortOrder = active ? (current.order === 'asc' ? 'desc' : 'asc') : defaultOrder(column);
  const Icon = !active ? LuArrowUpDown : current.order === 'asc' ? LuArrowUp : LuArrowDown;
  return (
    <Table.ColumnHeader
      aria-sort={active ? (current.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      textAlign={numeric ? 'end' : 'start'}
      whiteSpace="normal"
      {...cellProps}
    >
      {/* A long name wraps (its column is no wider than its figures), the sort arrow stays beside the last word. */}
      <Button
        variant="ghost"
        size="xs"
        px="1"
        h="auto"
        minH="6"
        py="0.5"
        whiteSpace="normal"
        textAlign={numeric ? 'end' : 'start'}
        fontWeight="semibold"
        onClick={() =>
          onSort({
            sort: column === 'rank' ? undefined : column,
            order: next === defaultOrder(column) ? undefined : next,
          })
        }
      >
        {children}
        <Icon aria-hidden="true" />
      </Button>
      {help ? <FigureHelp figure={help} /> : null}
    </Table.ColumnHeader>
  );
}
