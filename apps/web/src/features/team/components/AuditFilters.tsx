// The audit log's filters (person, store, kind, period), kept in the URL so a filtered view survives a reload.
import { Button, Flex } from '@chakra-ui/react';
import { AUDIT_KINDS, type TAuditFilter, type TAuditKind, type TMember, type TStore } from '@cx/contracts';
import { FilterDay, FilterSelect } from '@/components/FilterFields';

export const AUDIT_KIND_LABELS: Record<TAuditKind, string> = {
  store: 'Stores',
  staff: 'Staff',
  shift: 'Rota shifts',
  interfaces: 'Interface switches',
  rating: 'Ratings review',
  'notification-rule': 'Notification rules',
  member: 'Members and roles',
  invitation: 'Invitations',
  subscription: 'Subscription',
  ownership: 'Ownership',
  settings: 'Settings',
  kiosk: 'Kiosk tablets',
  'api-key': 'API keys',
  webhook: 'Webhooks',
  alert: 'Alerts and channels',
  board: 'Breakroom boards',
  scorecard: 'Staff scorecards',
  theme: 'Comment themes',
  area: 'Areas (structure)',
  target: 'Targets',
  case: 'Cases',
  privacy: 'Privacy requests',
};

const FILTER_KEYS = ['actor', 'store', 'kind', 'from', 'to'] as const;

export function filterFromParams(params: URLSearchParams): TAuditFilter {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  if (out.kind && !(AUDIT_KINDS as readonly string[]).includes(out.kind)) delete out.kind;
  return out as TAuditFilter;
}

export function AuditFilters({
  filter,
  members,
  stores,
  onChange,
}: {
  filter: TAuditFilter;
  members: TMember[];
  stores: TStore[];
  /** A change of one filter, or null to clear them all (applied to the latest filters, not this render's). */
  onChange: (patch: Partial<TAuditFilter> | null) => void;
}) {
  const set = (key: keyof TAuditFilter, value: string) => onChange({ [key]: value || undefined });
  const anySet = FILTER_KEYS.some((k) => filter[k]);
  return (
    <Flex
      as="form"
      role="search"
      aria-label="Filter the audit log"
      gap="3"
      wrap="wrap"
      align="flex-end"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterSelect label="Person" value={filter.actor ?? ''} onChange={(v) => set('actor', v)}>
        <option value="">Everyone</option>
        {members.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.fullname}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Store" value={filter.store ?? ''} onChange={(v) => set('store', v)}>
        <option value="">All stores</option>
        {stores.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Kind" value={filter.kind ?? ''} onChange={(v) => set('kind', v)}>
        <option value="">Every change</option>
        {AUDIT_KINDS.map((k) => (
          <option key={k} value={k}>
            {AUDIT_KIND_LABELS[k]}
          </option>
        ))}
      </FilterSelect>
      <FilterDay label="From" value={filter.from ?? ''} max={filter.to} onChange={(v) => set('from', v)} />
      <FilterDay label="To" value={filter.to ?? ''} min={filter.from} onChange={(v) => set('to', v)} />
      {anySet ? (
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}
