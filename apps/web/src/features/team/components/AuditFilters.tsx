// The audit log's filters (person, store, kind, period), kept in the URL so a filtered view survives a reload.
import { Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { AUDIT_KINDS, type TAuditFilter, type TAuditKind, type TMember, type TStore } from '@cx/contracts';
import type { ReactNode } from 'react';

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

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '40' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" bg="bg">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
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
      <Select label="Person" value={filter.actor ?? ''} onChange={(v) => set('actor', v)}>
        <option value="">Everyone</option>
        {members.map((m) => (
          <option key={m.userId} value={m.userId}>
            {m.fullname}
          </option>
        ))}
      </Select>
      <Select label="Store" value={filter.store ?? ''} onChange={(v) => set('store', v)}>
        <option value="">All stores</option>
        {stores.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </Select>
      <Select label="Kind" value={filter.kind ?? ''} onChange={(v) => set('kind', v)}>
        <option value="">Every change</option>
        {AUDIT_KINDS.map((k) => (
          <option key={k} value={k}>
            {AUDIT_KIND_LABELS[k]}
          </option>
        ))}
      </Select>
      <Field.Root w={{ base: 'full', sm: 'auto' }}>
        <Field.Label>From</Field.Label>
        <Input
          type="date"
          size="sm"
          bg="bg"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => set('from', e.target.value)}
        />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: 'auto' }}>
        <Field.Label>To</Field.Label>
        <Input
          type="date"
          size="sm"
          bg="bg"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(e) => set('to', e.target.value)}
        />
      </Field.Root>
      {anySet ? (
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}
