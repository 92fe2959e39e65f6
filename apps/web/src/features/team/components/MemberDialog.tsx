// Change a member's role, stores and areas (owners and admins), keeping or switching off what the lost stores had of theirs;
// the contract validates before sending.
import { chakra, Dialog, Stack } from '@chakra-ui/react';
import { ZUpdateMemberSchema, type TArea, type TMember, type TMemberRole, type TStore } from '@cx/contracts';
import { useState } from 'react';
import { AreasPicker } from '@/components/AreasPicker';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { StoresPicker } from '@/components/StoresPicker';
import { useTeamMutations } from '../api/team';
import { MemberLinksChoice } from './MemberLinksChoice';
import { useDialogForm } from './use-dialog-form';
import { RoleSelect } from './RoleFields';

const MEMBER_ROLES: TMemberRole[] = ['admin', 'manager', 'viewer'];

export type TMemberDialogProps = {
  member: TMember | null;
  stores: TStore[];
  areas?: TArea[];
  onClose: () => void;
};

export function MemberDialog({ member, stores, areas = [], onClose }: TMemberDialogProps) {
  return (
    <DialogShell
      open={member !== null}
      onClose={onClose}
      title={member ? `Edit ${member.fullname}` : ''}
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      {member ? (
        <MemberForm key={member.userId} member={member} stores={stores} areas={areas} onDone={onClose} />
      ) : null}
    </DialogShell>
  );
}

function MemberForm({
  member,
  stores,
  areas,
  onDone,
}: {
  member: TMember;
  stores: TStore[];
  areas: TArea[];
  onDone: () => void;
}) {
  const [values, setValues] = useState(() => ({
    role: (member.role === 'owner' ? 'admin' : member.role) as TMemberRole,
    stores: member.stores ?? [],
    areas: member.areas ?? [],
  }));
  const [keep, setKeep] = useState<string[]>([]);
  const { update } = useTeamMutations();
  const change = values.role === 'admin' ? { role: values.role, stores: [], areas: [] } : values;
  const body = { ...change, keep };
  const { errors, formError, onSubmit, clearField } = useDialogForm(
    ZUpdateMemberSchema,
    body,
    async (data) => {
      await update.mutateAsync({ params: { userId: member.userId }, body: data });
      return `${member.fullname} updated`;
    },
    onDone,
  );

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="5">
          <FormErrorAlert message={formError} role="alert" />
          <RoleSelect
            value={values.role}
            roles={MEMBER_ROLES}
            error={errors.role}
            onChange={(role) => {
              setValues((v) => ({ ...v, role }));
              clearField();
            }}
          />
          {values.role !== 'admin' ? (
            <StoresPicker
              stores={stores}
              // one store to choose from, already granted: shown fixed (a member granted no store by name, e.g. one
              // who covers every store, keeps the list, so an edit never narrows them without a choice)
              fixedWhenOne={stores.length === 1 && (member.stores ?? []).includes(stores[0]!._id)}
              value={values.stores}
              error={errors.stores}
              onChange={(ids) => {
                setValues((v) => ({ ...v, stores: ids }));
                clearField();
              }}
            />
          ) : null}
          {values.role !== 'admin' && areas.length > 0 ? (
            <AreasPicker
              areas={areas}
              value={values.areas}
              error={errors.areas}
              onChange={(ids) => {
                setValues((v) => ({ ...v, areas: ids }));
                clearField();
              }}
            />
          ) : null}
          <MemberLinksChoice
            userId={member.userId}
            name={member.fullname}
            change={change}
            keep={keep}
            onKeepChange={setKeep}
            // a store manager without a store is not a change yet (the form says so)
            enabled={change.role !== 'manager' || change.stores.length + change.areas.length > 0}
          />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={update.isPending} submitLabel="Save changes" />
    </chakra.form>
  );
}
