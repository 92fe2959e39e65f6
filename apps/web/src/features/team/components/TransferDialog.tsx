// The owner hands the business to another member, re-entering their password; they become an admin.
import { chakra, Dialog, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ZTransferOwnershipSchema, type TMember } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useTeamMutations } from '../api/team';

export type TTransferDialogProps = { open: boolean; candidates: TMember[]; onClose: () => void };

export function TransferDialog({ open, candidates, onClose }: TTransferDialogProps) {
  return (
    <DialogShell open={open} onClose={onClose} title="Transfer ownership" size={{ base: 'full', md: 'md' }}>
      {open ? <TransferForm candidates={candidates} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function TransferForm({ candidates, onDone }: { candidates: TMember[]; onDone: () => void }) {
  const [values, setValues] = useState({ userId: candidates[0]?.userId ?? '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { transfer } = useTeamMutations();
  const checked = validate(ZTransferOwnershipSchema, values);
  const errors = { ...(submitted ? checked.errors : {}), ...serverErrors };
  const chosen = candidates.find((m) => m.userId === values.userId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    try {
      const res = await transfer.mutateAsync({ body: checked.data });
      toaster.success({ title: res.body.message || `${chosen?.fullname ?? 'They'} now own the business` });
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
          <Text>
            The new owner manages billing and can delete the business. You stay on the team as an Admin. This
            cannot be undone by you.
          </Text>
          <FormErrorAlert message={formError} role="alert" />
          <Field.Root invalid={Boolean(errors.userId)} required>
            <Field.Label>New owner</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.userId}
                onChange={(e) => setValues((v) => ({ ...v, userId: e.currentTarget.value }))}
              >
                {candidates.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.fullname} ({m.email})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.userId}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.password)} required>
            <Field.Label>Your password</Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => {
                setValues((v) => ({ ...v, password: e.target.value }));
                setServerErrors({});
              }}
            />
            <Field.ErrorText>{errors.password}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={transfer.isPending} submitLabel="Transfer ownership" />
    </chakra.form>
  );
}
