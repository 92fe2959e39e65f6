// A case's status, owner, priority, root cause and action taken, saved together (PATCH /cases/:id). Resolving needs a
// root cause and the action taken (the contract's messages, shown per field, also when the API answers 400); only
// what the member's role allows is offered (frontline: the open statuses, root cause and action; no owner or priority).
import { Button, Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  CASE_ACTION_MAX,
  CASE_MESSAGES,
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  CASE_STATUS_LABELS,
  CASE_STATUSES,
  ROOT_CAUSE_LABELS,
  ROOT_CAUSES,
  type TCaseDetail,
  type TCasePatch,
  type TCaseStatus,
  type TMember,
} from '@cx/contracts';
import { useState, type ReactNode } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, type TFormErrors } from '@/lib/form-errors';
import type { useCaseChanges } from '../api/cases';

type TValues = { status: string; owner: string; priority: string; rootCause: string; action: string };

const valuesOf = (c: TCaseDetail): TValues => ({
  status: c.status,
  owner: c.owner?._id ?? '',
  priority: c.priority,
  rootCause: c.rootCause ?? '',
  action: c.action ?? '',
});

const FINAL: readonly TCaseStatus[] = ['resolved', 'closed'];

function SelectField({
  label,
  value,
  error,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** What changed, as the PATCH body; resolving without a root cause or action answers the contract's messages. */
function patchOf(before: TValues, after: TValues): { patch: TCasePatch; errors: TFormErrors } {
  const patch: TCasePatch = {};
  if (after.status !== before.status) patch.status = after.status as TCaseStatus;
  if (after.owner !== before.owner) patch.owner = after.owner || null;
  if (after.priority !== before.priority) patch.priority = after.priority as TCasePatch['priority'];
  if (after.rootCause !== before.rootCause)
    patch.rootCause = (after.rootCause || null) as TCasePatch['rootCause'];
  if (after.action.trim() !== before.action) patch.action = after.action.trim() || null;
  const errors: TFormErrors = {};
  if (after.status === 'resolved' && after.status !== before.status) {
    if (!after.rootCause) errors.rootCause = CASE_MESSAGES.rootCauseRequired;
    if (!after.action.trim()) errors.action = CASE_MESSAGES.actionRequired;
  }
  return { patch, errors };
}

export function CaseWorkForm({
  item,
  owners,
  changes,
}: {
  item: TCaseDetail;
  /** Members covering the case's store (empty while not offered). */
  owners: TMember[];
  changes: ReturnType<typeof useCaseChanges>;
}) {
  const initial = valuesOf(item);
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<TFormErrors>({});
  const [seen, setSeen] = useState(item.updatedAt);
  const save = useAction('cases.update');
  // A newer case from the API (after a save or a refetch) becomes the form's starting point.
  if (seen !== item.updatedAt) {
    setSeen(item.updatedAt);
    setValues(initial);
    setErrors({});
  }
  const set = (key: keyof TValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '', _root: '' }));
  };
  // Frontline members move a case between the open statuses; the current one always stays listed.
  const statuses = CASE_STATUSES.filter((s) => item.can.close || !FINAL.includes(s) || s === item.status);
  const ownerIds = new Set(owners.map((m) => m.userId));
  const { patch, errors: local } = patchOf(initial, values);
  const dirty = Object.keys(patch).length > 0;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (Object.keys(local).length > 0) return setErrors(local);
    if (!dirty) return;
    changes.update.mutate(
      { params: { id: item._id }, body: patch },
      {
        onSuccess: () => toaster.success({ title: `Case #${item.number} saved` }),
        onError: (error) => {
          const fields = serverFormErrors(error);
          setErrors({ ...fields, _root: Object.keys(fields).length ? '' : apiErrorMessage(error) });
        },
      },
    );
  };

  if (!item.can.update)
    return <Text color="fg.muted">You can read this case; your role cannot change it.</Text>;
  return (
    <Stack as="form" gap="3" onSubmit={submit} aria-label="Work on this case">
      <SelectField label="Status" value={values.status} error={errors.status} onChange={set('status')}>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {CASE_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      {item.can.close ? (
        <SelectField label="Owner" value={values.owner} error={errors.owner} onChange={set('owner')}>
          <option value="">Unassigned</option>
          {item.owner && !ownerIds.has(item.owner._id) ? (
            <option value={item.owner._id}>{item.owner.name}</option>
          ) : null}
          {owners.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.fullname}
            </option>
          ))}
        </SelectField>
      ) : null}
      {item.can.close ? (
        <SelectField
          label="Priority"
          value={values.priority}
          error={errors.priority}
          onChange={set('priority')}
        >
          {CASE_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {CASE_PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField
        label="Root cause"
        value={values.rootCause}
        error={errors.rootCause}
        onChange={set('rootCause')}
      >
        <option value="">Not chosen yet</option>
        {ROOT_CAUSES.map((r) => (
          <option key={r} value={r}>
            {ROOT_CAUSE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <Field.Root invalid={Boolean(errors.action)}>
        <Field.Label>Action taken</Field.Label>
        <Textarea
          size="sm"
          rows={3}
          maxLength={CASE_ACTION_MAX}
          value={values.action}
          placeholder="What was done to put it right"
          onChange={(e) => set('action')(e.currentTarget.value)}
        />
        {errors.action ? <Field.ErrorText>{errors.action}</Field.ErrorText> : null}
      </Field.Root>
      {errors._root ? (
        <Text role="alert" color="red.fg" fontSize="sm">
          {errors._root}
        </Text>
      ) : null}
      <Button
        type="submit"
        colorPalette="brand"
        alignSelf="flex-start"
        loading={changes.update.isPending}
        disabled={!dirty}
        {...save.attrs}
      >
        Save changes
      </Button>
    </Stack>
  );
}
