// Rename a theme, or merge it into another one: small forms checked against the contract, the server's refusal shown.
import { chakra, Dialog, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ZUpdateThemeSchema, type TThemeEntry } from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate } from '@/lib/form-errors';
import { useUpdateTheme } from '../api/themes';

/** Sends one change to a theme: toasts `done`, closes, or keeps the form open with the server's messages. */
function useThemeChange(theme: TThemeEntry, onDone: () => void) {
  const update = useUpdateTheme();
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const send = async (body: { name?: string; mergedInto?: string }, done: string) => {
    setFormError(null);
    try {
      await update.mutateAsync({ params: { key: theme.key }, body });
      toaster.success({ title: done });
      onDone();
    } catch (error) {
      setFieldErrors(serverFormErrors(error));
      setFormError(apiErrorMessage(error));
    }
  };
  return { send, formError, fieldErrors, pending: update.isPending };
}

export function RenameThemeDialog({ theme, onClose }: { theme: TThemeEntry | null; onClose: () => void }) {
  return (
    <DialogShell
      open={theme !== null}
      onClose={onClose}
      title="Rename theme"
      size={{ base: 'full', sm: 'md' }}
    >
      {theme ? <RenameForm theme={theme} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function RenameForm({ theme, onDone }: { theme: TThemeEntry; onDone: () => void }) {
  const [name, setName] = useState(theme.name);
  const [submitted, setSubmitted] = useState(false);
  const change = useThemeChange(theme, onDone);
  const checked = validate(ZUpdateThemeSchema, { name });
  const error = (submitted ? checked.errors.name : undefined) ?? change.fieldErrors.name;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked.data?.name)
      void change.send({ name: checked.data.name }, `“${theme.name}” is now “${checked.data.name}”`);
  };
  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="4">
          <Text>The new name shows everywhere: the dashboard, the timeline and its filters.</Text>
          <FormErrorAlert message={change.formError} role="alert" />
          <Field.Root invalid={Boolean(error)} required>
            <Field.Label>Name</Field.Label>
            <Input value={name} maxLength={60} onChange={(e) => setName(e.currentTarget.value)} />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Rename" pending={change.pending} />
    </chakra.form>
  );
}

export function MergeThemeDialog({
  theme,
  targets,
  onClose,
}: {
  theme: TThemeEntry | null;
  /** The themes it may go into (shown, not merged themselves, not this one). */
  targets: TThemeEntry[];
  onClose: () => void;
}) {
  return (
    <DialogShell
      open={theme !== null}
      onClose={onClose}
      title={theme ? `Merge “${theme.name}”` : 'Merge theme'}
      size={{ base: 'full', sm: 'md' }}
    >
      {theme ? <MergeForm theme={theme} targets={targets} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function MergeForm({
  theme,
  targets,
  onDone,
}: {
  theme: TThemeEntry;
  targets: TThemeEntry[];
  onDone: () => void;
}) {
  const [into, setInto] = useState(targets[0]?.key ?? '');
  const change = useThemeChange(theme, onDone);
  const target = targets.find((t) => t.key === into);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (target)
      void change.send({ mergedInto: target.key }, `“${theme.name}” is merged into “${target.name}”`);
  };
  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            Its comments count under the theme you choose, on the dashboard and the timeline. You can unmerge
            it later.
          </Text>
          <FormErrorAlert message={change.formError} role="alert" />
          {targets.length === 0 ? (
            <Text color="fg.muted">There is no other theme to merge it into yet.</Text>
          ) : (
            <Field.Root invalid={Boolean(change.fieldErrors.mergedInto)} required>
              <Field.Label>Merge into</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={into} onChange={(e) => setInto(e.currentTarget.value)}>
                  {targets.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{change.fieldErrors.mergedInto}</Field.ErrorText>
            </Field.Root>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Merge" pending={change.pending} />
    </chakra.form>
  );
}
