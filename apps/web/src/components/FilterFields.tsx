// The small labelled controls filter bars are made of: a native select and a day picker, full width on phones.
import { Field, Input, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }} flex={{ sm: '0 1 auto' }}>
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

/** A YYYY-MM-DD day; `min`/`max` keep a from–to pair in order. */
export function FilterDay({
  label,
  value,
  error,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} w={{ base: 'full', sm: 'auto' }}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        bg="bg"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
