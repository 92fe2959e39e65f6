// Above the store list: search, table/cards switch, and the bulk actions for the selected (or all) stores.
import { Button, ButtonGroup, Flex, HStack, Input, InputGroup, NativeSelect, Text } from '@chakra-ui/react';
import { LuClock, LuLayoutGrid, LuSearch, LuSlidersHorizontal, LuTable2 } from 'react-icons/lu';
import { noRouteAttrs, useAction } from '@/lib/actions';
import type { TStoreSortState } from './store-table';

export type TStoreView = 'table' | 'cards';

export type TStoreListToolbarProps = {
  q: string;
  onQ: (q: string) => void;
  view: TStoreView;
  onView: (view: TStoreView) => void;
  shown: number;
  total: number;
  selected: number;
  onClearSelection: () => void;
  /** Absent for a role that cannot change stores. */
  onBulkInterfaces?: () => void;
  onBulkHours?: () => void;
  sort: TStoreSortState;
  onSort: (sort: TStoreSortState) => void;
};

/** The phone's sort control (the table's column headers, which sort on wider screens, are hidden there). */
const SORT_OPTIONS: Array<{ value: string; label: string }> = [
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'code:asc', label: 'Code, A to Z' },
  { value: 'code:desc', label: 'Code, Z to A' },
  { value: 'area:asc', label: 'Area, A to Z' },
  { value: 'timeZone:asc', label: 'Time zone, A to Z' },
  { value: 'interfaces:asc', label: 'Interfaces on, fewest first' },
  { value: 'interfaces:desc', label: 'Interfaces on, most first' },
  { value: 'hours:asc', label: 'Opening hours' },
];

export function StoreListToolbar(p: TStoreListToolbarProps) {
  // The bulk buttons show only to a role the bulk routes admit (#36); selecting and searching call no route.
  const bulkInterfaces = useAction('storeBulk.interfaces');
  const bulkHours = useAction('storeBulk.openingHours');
  return (
    <Flex gap="3" mb="4" direction="column">
      <Flex gap="3" wrap="wrap" align="center">
        <InputGroup startElement={<LuSearch aria-hidden />} flex="1" minW="12rem">
          <Input
            type="search"
            placeholder="Search by name, code, area or tag"
            aria-label="Search stores"
            value={p.q}
            onChange={(e) => p.onQ(e.target.value)}
          />
        </InputGroup>
        <NativeSelect.Root size="sm" w="auto" display={{ base: 'block', md: 'none' }}>
          <NativeSelect.Field
            aria-label="Sort by"
            value={`${p.sort.sort}:${p.sort.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [
                TStoreSortState['sort'],
                TStoreSortState['order'],
              ];
              p.onSort({ sort, order });
            }}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            {SORT_OPTIONS.some((o) => o.value === `${p.sort.sort}:${p.sort.order}`) ? null : (
              <option value={`${p.sort.sort}:${p.sort.order}`}>Column order</option>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Show stores as">
          <Button
            {...noRouteAttrs}
            aria-pressed={p.view === 'table'}
            variant={p.view === 'table' ? 'solid' : 'outline'}
            onClick={() => p.onView('table')}
          >
            <LuTable2 aria-hidden /> Table
          </Button>
          <Button
            {...noRouteAttrs}
            aria-pressed={p.view === 'cards'}
            variant={p.view === 'cards' ? 'solid' : 'outline'}
            onClick={() => p.onView('cards')}
          >
            <LuLayoutGrid aria-hidden /> Cards
          </Button>
        </ButtonGroup>
      </Flex>
      <Flex gap="2" wrap="wrap" align="center" justify="space-between">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {p.shown === p.total
            ? `${p.total} store${p.total === 1 ? '' : 's'}`
            : `${p.shown} of ${p.total} stores`}
          {p.selected > 0 ? ` · ${p.selected} selected` : ''}
        </Text>
        <HStack gap="2" wrap="wrap">
          {p.selected > 0 ? (
            <Button {...noRouteAttrs} size="sm" variant="ghost" onClick={p.onClearSelection}>
              Clear selection
            </Button>
          ) : null}
          {p.onBulkInterfaces && bulkInterfaces.allowed ? (
            <Button {...bulkInterfaces.attrs} size="sm" variant="outline" onClick={p.onBulkInterfaces}>
              <LuSlidersHorizontal aria-hidden />{' '}
              {p.selected > 0 ? 'Set interfaces…' : 'Set interfaces for all…'}
            </Button>
          ) : null}
          {p.onBulkHours && bulkHours.allowed ? (
            <Button {...bulkHours.attrs} size="sm" variant="outline" onClick={p.onBulkHours}>
              <LuClock aria-hidden /> {p.selected > 0 ? 'Set opening hours…' : 'Set opening hours for all…'}
            </Button>
          ) : null}
        </HStack>
      </Flex>
    </Flex>
  );
}
