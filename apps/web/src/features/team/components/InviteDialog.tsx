// Invite by email with a role (limited by the inviter's role), stores and areas; the contract validates before sending.
import { chakra, Dialog, Field, Input, Stack } from '@chakra-ui/react';
import { ZInvitationRequestSchema, type TArea, type TMemberRole, type TStore } from '@cx/contracts';
import { useState } from 'react';
import { AreasPicker } from '@/components/AreasPicker';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { StoresPicker, withOnlyStore } from '@/components/StoresPicker';
import { useTeamMutations } from '../api/team';
import { useDialogForm } from './use-dialog-form';
import { RoleSelect } from './RoleFields';

export type TInviteDialogProps = {
  open: boolean;
  roles: TMemberRole[];
  stores: TStore[];
  areas?: TArea[];
  onClose: () => void;
};

export function InviteDialog({ open, roles, stores, areas = [], onClose }: TInviteDialogProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title="Invite a team member"
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      {open ? <InviteForm roles={roles} stores={stores} areas={areas} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function InviteForm({
  roles,
  stores,
  areas,
  onDone,
}: {
  roles: TMemberRole[];
  stores: TStore[];
  areas: TArea[];
  onDone: () => void;
}) {
  const [values, setValues] = useState(() => ({
    email: '',
    role: roles.includes('manager') ? ('manager' as TMemberRole) : roles[0]!,
    // One store to choose from: the invited person works there.
    stores: withOnlyStore(stores, []),
    areas: [] as string[],
  }));
  const { invite } = useTeamMutations();
  const { errors, formError, onSubmit, clearField } = useDialogForm(
    ZInvitationRequestSchema,
    values,
    async (body) => (await invite.mutateAsync({ body })).body.message || `Invitation sent to ${body.email}`,
    onDone,
  );

  const set = (patch: Partial<typeof values>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    clearField(field);
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="5">
          <FormErrorAlert message={formError} role="alert" />
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              autoComplete="off"
              value={values.email}
              maxLength={255}
              onChange={(e) => set({ email: e.target.value }, 'email')}
            />
            <Field.ErrorText>{errors.email}</Field.ErrorText>
          </Field.Root>
          <RoleSelect
            value={values.role}
            roles={roles}
            error={errors.role}
            onChange={(role) => set({ role }, 'role')}
          />
          {values.role !== 'admin' ? (
            <StoresPicker
              stores={stores}
              fixedWhenOne
              value={values.stores}
              error={errors.stores}
              onChange={(ids) => set({ stores: ids }, 'stores')}
            />
          ) : null}
          {values.role !== 'admin' && areas.length > 0 ? (
            <AreasPicker
              areas={areas}
              value={values.areas}
              error={errors.areas}
              onChange={(ids) => set({ areas: ids }, 'stores')}
            />
          ) : null}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={invite.isPending} submitLabel="Send invitation" />
    </chakra.form>
  );
}
