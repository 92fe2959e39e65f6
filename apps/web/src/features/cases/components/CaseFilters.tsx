// The inbox's filters kept in the URL (store, area, status incl. "open", owner, overdue): inline on wider screens,
// behind the shared "Filters" button with chips on phones.
import { Box, Checkbox } from '@chakra-ui/react';
import { CASE_STATUS_LABELS, CASE_STATUSES } from '@cx/contracts';
import { AreaPicker } from '@/components/AreaPicker';
import { FilterSelect } from '@/components/FilterFields';
import { FilterPanel } from '@/components/filters/FilterPanel';
import { chipsOf, nameOf } from '@/components/filters/filter-chips';
import type { TParamPatch } from '@/lib/analytics/filters';
import { useAreaList } from '@/lib/areas-query';
import { useStores } from '@/lib/stores-query';
import type { TCaseFilters } from '../api/cases';

const STATUS_CHOICES: Array<[TCaseFilters['status'], string]> = [
  ['open', 'Open (new, in progress, waiting)'],
  ...CASE_STATUSES.map((s): [TCaseFilters['status'], string] => [s, CASE_STATUS_LABELS[s]]),
  ['all', 'Any status'],
];
const OWNER_LABELS = { me: 'Mine', none: 'Unassigned' } as const;

export function CaseFilters({
  filters,
  update,
}: {
  filters: TCaseFilters;
  update: (patch: TParamPatch) => void;
}) {
  const stores = useStores().data?.body.stores ?? [];
  const areas = useAreaList().data?.body.areas ?? [];
  const fields = (
    <>
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(status) => update({ status: status === 'open' ? undefined : status })}
      >
        {STATUS_CHOICES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Owner" value={filters.owner} onChange={(owner) => update({ owner })}>
        <option value="">Anyone</option>
        <option value="me">Mine</option>
        <option value="none">Unassigned</option>
      </FilterSelect>
      {stores.length > 1 || filters.store ? (
        <FilterSelect label="Store" value={filters.store} onChange={(store) => update({ store })}>
          <option value="">All stores</option>
          {stores.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      {areas.length > 1 || filters.area ? (
        <AreaPicker
          inFilterBar
          areas={areas}
          value={filters.area}
          allLabel="All areas"
          onChange={(area) => update({ area })}
        />
      ) : null}
      <Box alignSelf={{ sm: 'flex-end' }} minH="8" display="flex" alignItems="center">
        <Checkbox.Root
          size="sm"
          checked={filters.overdue}
          onCheckedChange={(e) => update({ overdue: e.checked === true ? 'true' : undefined })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Only overdue</Checkbox.Label>
        </Checkbox.Root>
      </Box>
    </>
  );
  const chips = () =>
    chipsOf([
      [
        'status',
        filters.status === 'open' ? '' : filters.status,
        STATUS_CHOICES.find(([v]) => v === filters.status)?.[1],
      ],
      ['owner', filters.owner, filters.owner ? OWNER_LABELS[filters.owner] : undefined],
      ['store', filters.store, nameOf(stores, filters.store, 'One store')],
      ['area', filters.area, nameOf(areas, filters.area, 'One area')],
      ['overdue', filters.overdue ? 'true' : '', 'Overdue'],
    ]);
  return (
    <FilterPanel label="Case filters" chips={chips} onClear={update}>
      {fields}
    </FilterPanel>
  );
}
