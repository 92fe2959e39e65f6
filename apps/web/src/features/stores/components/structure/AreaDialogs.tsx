// Add or rename an area (name checked with the contract's messages) and delete one (the server's 409 shown in place).
import { chakra, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react';
import { AREA_NAME_MAX, ZAreaInputSchema } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate } from '@/lib/form-errors';
import { useAreaChanges } from '../../api/areas';
import type { TTreeNode } from './tree';

/** Adding under `parent`, or renaming `node`. */
export type TNameDialog = { kind: 'add'; parent: TTreeNode } | { kind: 'rename'; node: TTreeNode };

export function AreaNameDialog({ dialog, onClose }: { dialog: TNameDialog | null; onClose: () => void }) {
  const title =
    dialog?.kind === 'add'
      ? `Add an area in ${dialog.parent.area.name}`
      : dialog
        ? `Rename ${dialog.node.area.name}`
        : '';
  return (
    <DialogShell open={dialog !== null} onClose={onClose} title={title} size={{ base: 'full', sm: 'md' }}>
      {dialog ? <AreaNameForm key={title} dialog={dialog} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function AreaNameForm({ dialog, onDone }: { dialog: TNameDialog; onDone: () => void }) {
  const { create, update } = useAreaChanges();
  const [name, setName] = useState(dialog.kind === 'rename' ? dialog.node.area.name : '');
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();
  const checked = validate(ZAreaInputSchema, { name });
  const error = (submitted ? checked.errors.name : undefined) ?? serverError;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    try {
      if (dialog.kind === 'add') {
        await create.mutateAsync({ body: { name: checked.data.name, parent: dialog.parent.area._id } });
        toaster.success({ title: `Added ${checked.data.name} to ${dialog.parent.area.name}` });
      } else {
        await update.mutateAsync({ params: { id: dialog.node.area._id }, body: { name: checked.data.name } });
        toaster.success({ title: `Renamed to ${checked.data.name}` });
      }
      onDone();
    } catch (err) {
      setServerError(serverFormErrors(err).name);
      setFormError(apiErrorMessage(err));
    }
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="4">
          <FormErrorAlert message={formError} role="alert" />
          <Field.Root invalid={Boolean(error)} required>
            <Field.Label>Area name</Field.Label>
            <Input
              value={name}
              maxLength={AREA_NAME_MAX}
              placeholder="e.g. North region, London district"
              onChange={(e) => {
                setName(e.currentTarget.value);
                setServerError(undefined);
              }}
            />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        submitLabel={dialog.kind === 'add' ? 'Add area' : 'Rename'}
        pending={create.isPending || update.isPending}
      />
    </chakra.form>
  );
}

export function DeleteAreaDialog({ node, onClose }: { node: TTreeNode | null; onClose: () => void }) {
  const { remove } = useAreaChanges();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!node) return;
    setRefusal(null);
    try {
      const res = await remove.mutateAsync({ params: { id: node.area._id } });
      toaster.success({ title: res.body.message });
      close();
    } catch (err) {
      setRefusal(apiErrorMessage(err));
    }
  };
  return (
    <ConfirmDialog
      open={node !== null}
      title={node ? `Delete ${node.area.name}?` : 'Delete area?'}
      confirmLabel="Delete area"
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <Stack gap="3">
        <FormErrorAlert message={refusal} role="alert" />
        <Text>Only an empty area can be deleted: move its stores and areas elsewhere first.</Text>
      </Stack>
    </ConfirmDialog>
  );
}
