// Change a member's role and stores (owners and admins); the contract validates before sending.
import { chakra, Dialog, Stack } from '@chakra-ui/react';
import { ZUpdateMemberSchema, type TMember, type TMemberRole, type TStore } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useTeamMutations } from '../api/team';
import { RoleSelect, StoresPicker } from './RoleFields';

const MEMBER_ROLES: TMemberRole[] = ['admin', 'manager', 'viewer'];

export type TMemberDialogProps = { member: TMember | null; stores: TStore[]; onClose: () => void };

export function MemberDialog({ member, stores, onClose }: TMemberDialogProps) {
  return (
    <DialogShell
      open={member !== null}
      onClose={onClose}
      title={member ? `Edit ${member.fullname}` : ''}
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      {member ? <MemberForm key={member.userId} member={member} stores={stores} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function MemberForm({ member, stores, onDone }: { member: TMember; stores: TStore[]; onDone: () => void }) {
  const [values, setValues] = useState(() => ({
    role: (member.role === 'owner' ? 'admin' : member.role) as TMemberRole,
    stores: member.stores ?? [],
  }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { update } = useTeamMutations();
  const body = values.role === 'admin' ? { role: values.role, stores: [] } : values;
  const checked = validate(ZUpdateMemberSchema, body);
  const errors = { ...(submitted ? checked.errors : {}), ...serverErrors };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    try {
      await update.mutateAsync({ params: { userId: member.userId }, body: checked.data });
      toaster.success({ title: `${member.fullname} updated` });
      onDone();
    } catch (error) {
      setServerErrors(serverFormErrors(error));
      setFormError(apiErrorMessage(error));
    }
  };

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
              setServerErrors({});
            }}
          />
          {values.role !== 'admin' ? (
            <StoresPicker
              stores={stores}
              value={values.stores}
              error={errors.stores}
              onChange={(ids) => {
                setValues((v) => ({ ...v, stores: ids }));
                setServerErrors({});
              }}
            />
          ) : null}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={update.isPending} submitLabel="Save changes" />
    </chakra.form>
  );
}
