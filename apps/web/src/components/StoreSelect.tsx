// A labelled native select of the business's stores (keyboard- and phone-friendly), optionally with an "All stores"
// entry; nothing at all for a member with one store (a store manager has nothing to pick, #36).
import { Field, NativeSelect } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';

export type TStoreSelectProps = {
  stores: TStore[];
  value: string;
  onChange: (storeId: string) => void;
  label?: string;
  allLabel?: string;
  disabled?: boolean;
};

export function StoreSelect({
  stores,
  value,
  onChange,
  label = 'Store',
  allLabel,
  disabled,
}: TStoreSelectProps) {
  if (stores.length <= 1) return null;
  return (
    <Field.Root disabled={disabled} maxW={{ base: 'full', sm: '72' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
          {stores.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
