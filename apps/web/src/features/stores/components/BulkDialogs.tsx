// "Apply to all / to selected stores": interface switches and one week of opening hours, sent for many stores at once.
import { Dialog, RadioGroup, Stack, Switch, Text, chakra } from '@chakra-ui/react';
import { INTERFACE_KEYS, ZBulkOpeningHoursBodySchema, type TInterfaceKey, type TStore } from '@cx/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DialogShell, FormDialogFooter, FormErrorAlert } from '@/components/DialogShell';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { INTERFACE_NAMES } from '@/lib/interface-names';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useBulkStoreChanges } from '../api/bulk';
import { OpeningHoursFields } from './OpeningHoursFields';
import { copyDayToAll, emptyStoreForm, type TOpeningRow } from './store-form';

export type TBulkTarget = 'all' | 'selected';
export type TBulkDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Every store the member has (the list, not just the ones a search shows). */
  stores: TStore[];
  selected: ReadonlySet<string>;
};

const storesText = (n: number) => `${n} store${n === 1 ? '' : 's'}`;

function targetIds(target: TBulkTarget, stores: TStore[], selected: ReadonlySet<string>): string[] {
  return target === 'all'
    ? stores.map((s) => s._id)
    : stores.filter((s) => selected.has(s._id)).map((s) => s._id);
}

/** Which stores the change goes to: all of them, or the ones ticked in the table (the default when some are). */
function TargetChoice({
  value,
  onChange,
  all,
  chosen,
}: {
  value: TBulkTarget;
  onChange: (t: TBulkTarget) => void;
  all: number;
  chosen: number;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(d) => onChange(d.value as TBulkTarget)}
      aria-label="Apply to"
    >
      <Text fontWeight="medium" mb="1">
        Apply to
      </Text>
      <Stack gap="2">
        {(
          [
            { v: 'selected', label: `The selected stores (${chosen})`, disabled: chosen === 0 },
            { v: 'all', label: `All stores (${all})`, disabled: false },
          ] as const
        ).map((o) => (
          <RadioGroup.Item key={o.v} value={o.v} disabled={o.disabled}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

function BulkShell({
  open,
  onClose,
  title,
  onSubmit,
  pending,
  error,
  children,
  submitLabel,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  error: string | null;
  children: ReactNode;
  submitLabel: string;
}) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={title}
      size={{ base: 'full', sm: 'lg' }}
      closable={!pending}
    >
      <chakra.form onSubmit={onSubmit} noValidate display="contents">
        <Dialog.Body>
          <Stack gap="5">
            <FormErrorAlert message={error} role="alert" />
            {children}
          </Stack>
        </Dialog.Body>
        <FormDialogFooter submitLabel={submitLabel} pending={pending} />
      </chakra.form>
    </DialogShell>
  );
}

function useTarget(selected: ReadonlySet<string>, stores: TStore[]) {
  const chosen = stores.filter((s) => selected.has(s._id)).length;
  const [target, setTarget] = useState<TBulkTarget>(chosen > 0 ? 'selected' : 'all');
  return { target: chosen === 0 ? 'all' : target, setTarget, chosen };
}

export function BulkInterfacesDialog({ open, onClose, stores, selected }: TBulkDialogProps) {
  const { interfaces } = useBulkStoreChanges();
  const { target, setTarget, chosen } = useTarget(selected, stores);
  const [values, setValues] = useState<Record<TInterfaceKey, boolean>>({
    interface1: true,
    interface2: true,
    interface3: true,
  });
  const [error, setError] = useState<string | null>(null);
  const ids = targetIds(target, stores, selected);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = Object.fromEntries(INTERFACE_KEYS.map((k) => [k, { status: values[k] }]));
      const res = await interfaces.mutateAsync({ body: { stores: ids, interfaces: body } });
      toaster.success({ title: res.body.message });
      onClose();
    } catch (e) {
      setError(apiErrorMessage(e));
    }
  };

  return (
    <BulkShell
      open={open}
      onClose={onClose}
      title="Set interfaces for many stores"
      onSubmit={(e) => void submit(e)}
      pending={interfaces.isPending}
      error={error}
      submitLabel={`Apply to ${storesText(ids.length)}`}
    >
      <TargetChoice value={target} onChange={setTarget} all={stores.length} chosen={chosen} />
      <Stack gap="3">
        <Text fontWeight="medium">What customers can do after scanning</Text>
        {INTERFACE_KEYS.map((key) => (
          <Switch.Root
            key={key}
            checked={values[key]}
            onCheckedChange={(d) => setValues((v) => ({ ...v, [key]: d.checked }))}
            justifyContent="space-between"
            w="full"
            colorPalette="brand"
          >
            <Switch.HiddenInput />
            <Switch.Label flex="1">{INTERFACE_NAMES[key].title}</Switch.Label>
            <Switch.Control />
          </Switch.Root>
        ))}
        {INTERFACE_KEYS.every((k) => !values[k]) ? (
          <Text color="fg.warning" fontSize="sm" role="status">
            With all three off, customers who scan these stores cannot leave feedback.
          </Text>
        ) : null}
      </Stack>
    </BulkShell>
  );
}

export function BulkHoursDialog({ open, onClose, stores, selected }: TBulkDialogProps) {
  const { openingHours } = useBulkStoreChanges();
  const { target, setTarget, chosen } = useTarget(selected, stores);
  const [rows, setRows] = useState<TOpeningRow[]>(() => emptyStoreForm().openingHours);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const ids = targetIds(target, stores, selected);
  const checked = validate(ZBulkOpeningHoursBodySchema, { stores: ids, openingHours: rows });
  const errors: TFormErrors = { ...(submitted ? checked.errors : {}), ...serverErrors };

  const change = (next: TOpeningRow[]) => {
    setRows(next);
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (!checked.data) return;
    try {
      const res = await openingHours.mutateAsync({ body: { stores: ids, openingHours: rows } });
      toaster.success({ title: res.body.message });
      onClose();
    } catch (e) {
      setServerErrors(serverFormErrors(e));
      setError(apiErrorMessage(e));
    }
  };

  return (
    <BulkShell
      open={open}
      onClose={onClose}
      title="Set opening hours for many stores"
      onSubmit={(e) => void submit(e)}
      pending={openingHours.isPending}
      error={error}
      submitLabel={`Apply to ${storesText(ids.length)}`}
    >
      <TargetChoice value={target} onChange={setTarget} all={stores.length} chosen={chosen} />
      <Stack gap="2">
        <Text fontWeight="medium">The week at every chosen store</Text>
        <Text fontSize="sm" color="fg.muted">
          These become each store&apos;s own hours (no longer taken from its area).
        </Text>
        <OpeningHoursFields
          rows={rows}
          errors={errors}
          onChange={(i, patch) => change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))}
          onCopyToAll={(i) => change(copyDayToAll(rows, i))}
        />
      </Stack>
    </BulkShell>
  );
}
