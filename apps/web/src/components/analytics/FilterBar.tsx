// The dashboard's shared filter bar: period (with a custom range), store, area, staff member and kind, all kept in the
// URL; inline on wider screens, behind one "Filters" button with the active ones as chips on phones (#36).
import { PERIOD_PRESETS } from '@cx/contracts';
import type { ReactNode } from 'react';
import { FilterPanel } from '@/components/filters/FilterPanel';
import { chipsOf, nameOf, type TFilterChip } from '@/components/filters/filter-chips';
import { tsr } from '@/lib/api-client';
import { DEFAULT_PERIOD, PERIOD_LABELS, useDashboardFilters } from '@/lib/analytics/filters';
import { formatRange } from '@/lib/analytics/format';
import { useAreaList } from '@/lib/areas-query';
import { useStores } from '@/lib/stores-query';
import { AreaPicker } from '@/components/AreaPicker';
import { FilterDay, FilterSelect } from '@/components/FilterFields';

export type TFilterBarProps = {
  /** Which optional pickers this page offers (period and store are always there). */
  show?: { staff?: boolean; kind?: boolean };
  /** Page-specific controls placed after the shared ones. */
  children?: ReactNode;
  /** The page-specific controls' active values, as chips on phones. */
  chips?: TFilterChip[];
};

// Phones only: the sheet and chips stay out of the desktop's /dashboard scripts.
const KIND_LABELS = { staff: 'Staff ratings', experience: 'Experience ratings' } as const;

export function FilterBar({ show = { staff: true, kind: true }, children, chips = [] }: TFilterBarProps) {
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
  // A member with one store (a store manager) has nothing to pick: no store picker at all.
  const storePicker = storeList.length > 1 || Boolean(filters.stores);
  const fields = (
    <>
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
      {storePicker ? (
        <FilterSelect label="Store" value={filters.stores ?? ''} onChange={(stores) => update({ stores })}>
          <option value="">All stores</option>
          {storeList.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
        </FilterSelect>
      ) : null}
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
    </>
  );
  const allChips = () => {
    const period =
      filters.period === DEFAULT_PERIOD
        ? []
        : [
            {
              key: 'period',
              label:
                filters.period === 'custom' && filters.from && filters.to
                  ? formatRange(filters.from, filters.to)
                  : PERIOD_LABELS[filters.period],
              clear: { period: undefined, from: undefined, to: undefined },
            },
          ];
    const shared = chipsOf([
      ['stores', filters.stores, nameOf(storeList, filters.stores, 'One store')],
      ['areas', filters.areas, nameOf(areaList, filters.areas, 'One area')],
      ['staff', filters.staff, nameOf(staffList, filters.staff, 'One person')],
      ['kind', filters.kind, filters.kind ? KIND_LABELS[filters.kind] : undefined],
    ]);
    return [...period, ...shared, ...chips];
  };
  return (
    <FilterPanel label="Dashboard filters" chips={allChips} onClear={update}>
      {fields}
    </FilterPanel>
  );
}
