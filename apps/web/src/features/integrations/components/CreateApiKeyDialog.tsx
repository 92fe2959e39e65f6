// Create an API key: name, scopes and optional stores, checked by the contract; then the key, shown this once to copy.
import {
  Alert,
  Button,
  Checkbox,
  chakra,
  Code,
  Dialog,
  Field,
  Fieldset,
  Input,
  Stack,
} from '@chakra-ui/react';
import {
  API_KEY_SCOPES,
  API_KEY_SCOPE_LABELS,
  ZCreateApiKeySchema,
  type TApiKeyScope,
  type TStore,
} from '@cx/contracts';
import { useState } from 'react';
import { LuCopy } from 'react-icons/lu';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { StoresPicker } from '@/components/StoresPicker';
import { toaster } from '@/components/ui/toaster';
import { useDialogForm } from '@/features/team/components/use-dialog-form';
import { useApiKeyMutations } from '../api/api-keys';

const SCOPE_HINTS: Record<TApiKeyScope, string> = {
  'ratings:read': 'The feedback timeline, its CSV export and flagged ratings.',
  'analytics:read': 'Snapshot, overview and league tables.',
  'webhooks:manage': 'Set up outgoing webhooks.',
  'stores:import': 'Create, update and move stores from a CSV file.',
  'cases:read': 'The case inbox, each case and the case numbers (contact details stay masked).',
};

export type TCreateApiKeyDialogProps = { open: boolean; stores: TStore[]; onClose: () => void };

export function CreateApiKeyDialog({ open, stores, onClose }: TCreateApiKeyDialogProps) {
  const [created, setCreated] = useState<string | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <DialogShell
      open={open}
      onClose={close}
      title={created ? 'Copy your API key' : 'Create an API key'}
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      {!open ? null : created ? (
        <ShownOnce apiKey={created} onDone={close} />
      ) : (
        <CreateForm stores={stores} onCreated={setCreated} />
      )}
    </DialogShell>
  );
}

function CreateForm({ stores, onCreated }: { stores: TStore[]; onCreated: (key: string) => void }) {
  const [values, setValues] = useState({
    name: '',
    scopes: ['ratings:read'] as TApiKeyScope[],
    stores: [] as string[],
  });
  const { create } = useApiKeyMutations();
  const { errors, formError, onSubmit, clearField } = useDialogForm(
    ZCreateApiKeySchema,
    values,
    async (body) => {
      onCreated((await create.mutateAsync({ body })).body.key);
      return `The key "${body.name}" was created`;
    },
    () => undefined,
  );
  const set = (patch: Partial<typeof values>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    clearField(field);
  };
  const toggle = (scope: TApiKeyScope, on: boolean) =>
    set({ scopes: on ? [...values.scopes, scope] : values.scopes.filter((s) => s !== scope) }, 'scopes');

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="contents">
      <Dialog.Body>
        <Stack gap="5">
          <FormErrorAlert message={formError} role="alert" />
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Name</Field.Label>
            <Input
              autoComplete="off"
              value={values.name}
              maxLength={80}
              placeholder="e.g. BI dashboard"
              onChange={(e) => set({ name: e.target.value }, 'name')}
            />
            <Field.HelperText>Name it after the system that will use it.</Field.HelperText>
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Fieldset.Root invalid={Boolean(errors.scopes)}>
            <Fieldset.Legend>Scopes</Fieldset.Legend>
            <Stack gap="2">
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox.Root
                  key={scope}
                  checked={values.scopes.includes(scope)}
                  onCheckedChange={(d) => toggle(scope, d.checked === true)}
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {API_KEY_SCOPE_LABELS[scope]}
                    <chakra.span display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
                      {SCOPE_HINTS[scope]}
                    </chakra.span>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            <Fieldset.ErrorText>{errors.scopes}</Fieldset.ErrorText>
          </Fieldset.Root>
          <StoresPicker
            stores={stores}
            value={values.stores}
            error={errors.stores}
            onChange={(ids) => set({ stores: ids }, 'stores')}
          />
          <Field.Root>
            <Field.HelperText>
              No store chosen: the key reads every store, including new ones.
            </Field.HelperText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter pending={create.isPending} submitLabel="Create key" />
    </chakra.form>
  );
}

function ShownOnce({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      toaster.success({ title: 'The key was copied' });
    } catch {
      toaster.error({ title: 'Copying failed: select the key and copy it by hand' });
    }
  };
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This is the only time the key is shown</Alert.Title>
              <Alert.Description>
                Copy it now and keep it somewhere safe: we store only a fingerprint of it. Anyone holding it
                can read what its scopes allow.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Code aria-label="Your new API key" p="3" fontSize="sm" overflowWrap="anywhere" whiteSpace="normal">
            {apiKey}
          </Code>
          <Button variant="outline" onClick={() => void copy()} alignSelf="flex-start">
            <LuCopy aria-hidden /> Copy key
          </Button>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="brand" onClick={onDone}>
          I have copied it
        </Button>
      </Dialog.Footer>
    </>
  );
}
