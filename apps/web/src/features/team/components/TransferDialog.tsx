// The owner hands the business to another member, re-entering their password; they become an admin.
import { chakra, Dialog, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ZTransferOwnershipSchema, type TMember } from '@cx/contracts';
import { useState } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { useTeamMutations } from '../api/team';
import { useDialogForm } from './use-dialog-form';

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
  const { transfer } = useTeamMutations();
  const chosen = candidates.find((m) => m.userId === values.userId);
  const { errors, formError, onSubmit, clearField } = useDialogForm(
    ZTransferOwnershipSchema,
    values,
    async (body) =>
      (await transfer.mutateAsync({ body })).body.message ||
      `${chosen?.fullname ?? 'They'} now own the business`,
    onDone,
  );

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
                clearField();
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
