// The dashboard's shared filter bar: period (with a custom range), store, area, staff member and kind, all kept in the URL.
import { Flex } from '@chakra-ui/react';
import { PERIOD_PRESETS } from '@cx/contracts';
import type { ReactNode } from 'react';
import { tsr } from '@/lib/api-client';
import { PERIOD_LABELS, useDashboardFilters } from '@/lib/analytics/filters';
import { useAreaList } from '@/lib/areas-query';
import { useStores } from '@/lib/stores-query';
import { AreaPicker } from '@/components/AreaPicker';
import { FilterDay, FilterSelect } from '@/components/FilterFields';

export type TFilterBarProps = {
  /** Which optional pickers this page offers (period and store are always there). */
  show?: { staff?: boolean; kind?: boolean };
  /** Page-specific controls placed after the shared ones. */
  children?: ReactNode;
};

export function FilterBar({ show = { staff: true, kind: true }, children }: TFilterBarProps) {
  const { filters, errors, update } = useDashboardFilters();
  const stores = useStores();
  const areas = useAreaList();
  const staff = tsr.staff.list.useQuery({
    queryKey: ['staff', {}],
    queryData: { query: {} },
    enabled: Boolean(show.staff),
  });
  const storeList = stores.data?.body.stores ?? [];
  const staffList = staff.data?.body.staff ?? [];
  const areaList = areas.data?.body.areas ?? [];
  return (
    <Flex
      as="form"
      role="search"
      aria-label="Dashboard filters"
      onSubmit={(e) => e.preventDefault()}
      gap="3"
      wrap="wrap"
      align="flex-start"
      mb="6"
      p="3"
      rounded="lg"
      bg="bg.subtle"
    >
      <FilterSelect label="Period" value={filters.period} onChange={(period) => update({ period })}>
        {PERIOD_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {PERIOD_LABELS[preset]}
          </option>
        ))}
      </FilterSelect>
      {filters.period === 'custom' ? (
        <>
          <FilterDay
            label="From"
            value={filters.from ?? ''}
            error={errors.from}
            onChange={(from) => update({ from })}
          />
          <FilterDay
            label="To"
            value={filters.to ?? ''}
            error={errors.to}
            onChange={(to) => update({ to })}
          />
        </>
      ) : null}
      <FilterSelect label="Store" value={filters.stores ?? ''} onChange={(stores) => update({ stores })}>
        <option value="">All stores</option>
        {storeList.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </FilterSelect>
      {/* a chain with a tree: the top area alone is "All areas" */}
      {areaList.length > 1 || filters.areas ? (
        <AreaPicker
          inFilterBar
          areas={areaList}
          value={filters.areas ?? ''}
          allLabel="All areas"
          onChange={(value) => update({ areas: value })}
        />
      ) : null}
      {show.staff ? (
        <FilterSelect
          label="Staff member"
          value={filters.staff ?? ''}
          onChange={(value) => update({ staff: value })}
        >
          <option value="">Everyone</option>
          {staffList.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
              {p.active ? '' : ' (inactive)'}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      {show.kind ? (
        <FilterSelect label="Rating kind" value={filters.kind ?? ''} onChange={(kind) => update({ kind })}>
          <option value="">Staff and experience</option>
          <option value="staff">Staff ratings</option>
          <option value="experience">Experience ratings</option>
        </FilterSelect>
      ) : null}
      {children}
    </Flex>
  );
}
