// The role select shared by the invite and edit dialogs (their store checkboxes are @/components/StoresPicker).
import { Field, NativeSelect } from '@chakra-ui/react';
import { ROLE_LABELS, type TMemberRole } from '@cx/contracts';

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
