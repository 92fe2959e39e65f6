// The role select and the store checkboxes shared by the invite and edit dialogs.
import { CheckboxCard, Field, Fieldset, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { ROLE_LABELS, type TMemberRole, type TStore } from '@cx/contracts';

export const ROLE_HINTS: Record<TMemberRole, string> = {
  admin: 'Everything for all stores except billing and ownership; manages members.',
  manager: 'Only their stores: dashboards, feedback, rota, staff, interfaces and QR codes.',
  viewer: 'Read-only dashboards and feedback for their stores (none chosen: all stores).',
};

export function RoleSelect({
  value,
  roles,
  error,
  onChange,
}: {
  value: TMemberRole;
  roles: readonly TMemberRole[];
  error?: string;
  onChange: (role: TMemberRole) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>Role</Field.Label>
      <NativeSelect.Root disabled={roles.length < 2}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as TMemberRole)}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{ROLE_HINTS[value]}</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export function StoresPicker({
  stores,
  value,
  error,
  onChange,
}: {
  stores: readonly TStore[];
  value: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  return (
    // A fieldset, not a Field: inside a Field every checkbox would be named after the field's label.
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Stores</Fieldset.Legend>
      {stores.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          There are no stores yet.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" w="full">
          {stores.map((store) => (
            <CheckboxCard.Root
              key={store._id}
              size="sm"
              checked={value.includes(store._id)}
              onCheckedChange={(d) =>
                onChange(d.checked ? [...value, store._id] : value.filter((id) => id !== store._id))
              }
            >
              <CheckboxCard.HiddenInput />
              <CheckboxCard.Control>
                <CheckboxCard.Label>{store.name}</CheckboxCard.Label>
                <CheckboxCard.Indicator />
              </CheckboxCard.Control>
            </CheckboxCard.Root>
          ))}
        </SimpleGrid>
      )}
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
