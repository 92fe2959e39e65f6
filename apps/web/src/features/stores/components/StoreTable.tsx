// The stores as a sortable table with row selection; on a phone each row stacks into labelled lines, every figure shown.
import { Badge, Box, Button, Checkbox, HStack, Icon, Image, Table, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import type { TStore } from '@cx/contracts';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuStore } from 'react-icons/lu';
import { apiImage } from '@/lib/image-sources';
import { interfacesSummary } from '@/lib/interface-names';
import { RowActions } from './StoreRowActions';
import {
  areaOf,
  hoursSummary,
  interfacesOn,
  type TAreaNames,
  type TStoreSort,
  type TStoreSortState,
} from './store-table';

export type TStoreTableProps = {
  stores: TStore[];
  areas: TAreaNames;
  sort: TStoreSortState;
  onSort: (column: TStoreSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onEdit: (store: TStore) => void;
  onDelete: (store: TStore) => void;
  onBoard?: (store: TStore) => void;
};

const COLUMNS: Array<{ key: TStoreSort; label: string }> = [
  { key: 'name', label: 'Store' },
  { key: 'code', label: 'Code' },
  { key: 'area', label: 'Area' },
  { key: 'timeZone', label: 'Time zone' },
  { key: 'interfaces', label: 'Customers can' },
  { key: 'hours', label: 'Opening hours' },
];

/** Phones: the header row is hidden and each cell says what it is (data-label), one line each. */
const stackedCell = {
  display: { base: 'flex', md: 'table-cell' },
  gridColumn: '1 / -1',
  gap: '3',
  justifyContent: 'space-between',
  alignItems: 'center',
  py: { base: '1', md: '2' },
  px: { base: '0', md: '2' },
  borderBottomWidth: { base: '0', md: '1px' },
  textAlign: { base: 'end', md: 'start' },
  _before: {
    content: 'attr(data-label)',
    display: { base: 'block', md: 'none' },
    color: 'fg.muted',
    fontSize: 'xs',
    fontWeight: 'semibold',
    textAlign: 'start',
    flexShrink: 0,
  },
} as const;

function SortButton({
  column,
  label,
  sort,
  onSort,
}: { column: TStoreSort; label: string } & Pick<TStoreTableProps, 'sort' | 'onSort'>) {
  const active = sort.sort === column;
  const Arrow = !active ? LuArrowUpDown : sort.order === 'asc' ? LuArrowUp : LuArrowDown;
  return (
    <Button
      variant="ghost"
      size="xs"
      px="1"
      h="auto"
      minH="6"
      py="0.5"
      whiteSpace="normal"
      textAlign="start"
      fontWeight="semibold"
      onClick={() => onSort(column)}
    >
      {label}
      <Arrow aria-hidden />
    </Button>
  );
}

function NameCell({ store }: { store: TStore }) {
  return (
    <HStack gap="2" minW="0">
      <Box boxSize="8" rounded="md" bg="bg.muted" overflow="hidden" flexShrink={0}>
        {store.image ? (
          <Image
            {...apiImage(store.image, 40)}
            alt={`${store.name} store`}
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : (
          <Icon m="2" color="fg.subtle" aria-hidden>
            <LuStore />
          </Icon>
        )}
      </Box>
      {/* A store's name keeps a readable width on a desktop: the other columns wrap first. */}
      <Text fontWeight="medium" textAlign="start" wordBreak="break-word" minW={{ md: '9rem' }}>
        {store.name}
      </Text>
    </HStack>
  );
}

/** "America/Argentina/Buenos_Aires" breaks after a slash or an underscore, never inside a word. */
function TimeZone({ zone }: { zone: string }) {
  return zone.split(/(?<=[/_])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

export function StoreTable({
  stores,
  areas,
  sort,
  onSort,
  selected,
  onSelect,
  ...actions
}: TStoreTableProps) {
  const shownSelected = stores.filter((s) => selected.has(s._id)).length;
  const all = stores.length > 0 && shownSelected === stores.length;
  return (
    // From md up the table sits in its own box: a wider one than the page scrolls there, never the page sideways.
    <Box position="relative" overflowX={{ base: 'visible', md: 'auto' }}>
      {/* Narrower gutters from md up: eight columns and long names fit a 1280 px screen (content ~950 px). */}
      <Table.Root
        size="sm"
        role="table"
        aria-label="Stores"
        display={{ base: 'block', md: 'table' }}
        css={{ md: { '& th, & td': { px: '1.5' } } }}
      >
        <Table.Header role="rowgroup" display={{ base: 'block', md: 'table-header-group' }}>
          <Table.Row
            role="row"
            display={{ base: 'flex', md: 'table-row' }}
            borderBottomWidth={{ base: '1px', md: '0' }}
          >
            <Table.ColumnHeader
              role="columnheader"
              w="10"
              display={{ base: 'flex', md: 'table-cell' }}
              alignItems="center"
              gap="2"
            >
              <Checkbox.Root
                checked={all ? true : shownSelected > 0 ? 'indeterminate' : false}
                onCheckedChange={(d) =>
                  onSelect(
                    stores.map((s) => s._id),
                    d.checked === true,
                  )
                }
                aria-label="Select all shown stores"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                {/* On a phone the header row is only this box: say what it does. */}
                <Checkbox.Label display={{ base: 'block', md: 'none' }}>Select all shown</Checkbox.Label>
              </Checkbox.Root>
            </Table.ColumnHeader>
            {COLUMNS.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                role="columnheader"
                aria-sort={sort.sort === c.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                // Two-word headers wrap so the store's name keeps its width at 1280 px.
                whiteSpace="normal"
                display={{ base: 'none', md: 'table-cell' }}
              >
                <SortButton column={c.key} label={c.label} sort={sort} onSort={onSort} />
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader role="columnheader" display={{ base: 'none', md: 'table-cell' }}>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body role="rowgroup" display={{ base: 'block', md: 'table-row-group' }}>
          {stores.map((store) => {
            const on = interfacesOn(store);
            const checked = selected.has(store._id);
            return (
              <Table.Row
                key={store._id}
                role="row"
                aria-label={store.name}
                aria-selected={checked}
                data-selected={checked ? '' : undefined}
                display={{ base: 'grid', md: 'table-row' }}
                gridTemplateColumns="auto minmax(0, 1fr)"
                columnGap="3"
                py={{ base: '3', md: '0' }}
                borderBottomWidth={{ base: '1px', md: '0' }}
                bg={checked ? 'brand.subtle' : undefined}
              >
                <Table.Cell role="cell" {...stackedCell} _before={undefined} gridColumn="1">
                  <Checkbox.Root
                    checked={checked}
                    onCheckedChange={(d) => onSelect([store._id], d.checked === true)}
                    aria-label={`Select ${store.name}`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell
                  role="cell"
                  {...stackedCell}
                  _before={undefined}
                  gridColumn="2"
                  justifyContent="start"
                >
                  <NameCell store={store} />
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} data-label="Code">
                  {store.code ?? '—'}
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} data-label="Area">
                  {/* A word wider than 10rem breaks rather than widen the table. */}
                  <Text as="span" display="block" maxW={{ md: '10rem' }} overflowWrap="break-word">
                    {areaOf(store, areas) || '—'}
                  </Text>
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} data-label="Time zone">
                  <TimeZone zone={store.timeZone} />
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} data-label="Customers can">
                  <Badge
                    colorPalette={on === 0 ? 'red' : on === 3 ? 'green' : 'orange'}
                    variant="subtle"
                    whiteSpace="normal"
                  >
                    {interfacesSummary(store.interfaces)}
                  </Badge>
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} data-label="Opening hours" fontSize="sm">
                  {hoursSummary(store)}
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} data-label="Actions" whiteSpace="nowrap">
                  <RowActions store={store} actions={actions} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
