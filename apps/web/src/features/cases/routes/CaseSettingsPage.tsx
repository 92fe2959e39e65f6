// /cases/settings (Owner/Admin, #37): hours to the due time per priority, which ratings open a case by themselves, who
// gets a new case, and how long a customer's contact details are kept after the case ends.
import {
  Box,
  Button,
  Checkbox,
  Field,
  Fieldset,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  ACCESS_MESSAGES,
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  type TCaseSettings,
  ZCaseSettingsSchema,
} from '@cx/contracts';
import { useState } from 'react';
import { AccessRefusal } from '@/components/AccessRefusal';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { useAccess } from '@/lib/role';
import { useCaseSettings, useSaveCaseSettings } from '../api/cases';

type TForm = {
  slaHours: Record<(typeof CASE_PRIORITIES)[number], string>;
  autoOpen: TCaseSettings['autoOpen'];
  assignment: TCaseSettings['assignment'];
  retentionDays: string;
};

const formOf = (s: TCaseSettings): TForm => ({
  slaHours: Object.fromEntries(CASE_PRIORITIES.map((p) => [p, String(s.slaHours[p])])) as TForm['slaHours'],
  autoOpen: { ...s.autoOpen },
  assignment: s.assignment,
  retentionDays: String(s.retentionDays),
});

/** Typed numbers as numbers ('' stays invalid: the schema says what is wrong). */
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

function SettingsForm({ settings }: { settings: TCaseSettings }) {
  const [form, setForm] = useState<TForm>(() => formOf(settings));
  const [errors, setErrors] = useState<TFormErrors>({});
  const save = useSaveCaseSettings();
  const action = useAction('cases.putSettings');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const { data, errors: found } = validate(ZCaseSettingsSchema, {
      slaHours: Object.fromEntries(CASE_PRIORITIES.map((p) => [p, num(form.slaHours[p])])),
      autoOpen: form.autoOpen,
      assignment: form.assignment,
      retentionDays: num(form.retentionDays),
    });
    setErrors(found);
    if (!data) return;
    save.mutate(
      { body: data },
      {
        onSuccess: () => toaster.success({ title: 'Case settings saved' }),
        onError: (err) => {
          const fields = serverFormErrors(err);
          setErrors(Object.keys(fields).length ? fields : { _root: apiErrorMessage(err) });
        },
      },
    );
  };
  return (
    <Stack as="form" gap="6" maxW="2xl" onSubmit={submit} aria-label="Case settings">
      <Fieldset.Root>
        <Fieldset.Legend>Hours to the due time, by priority</Fieldset.Legend>
        <Fieldset.HelperText>A new case is due this many hours after it opens.</Fieldset.HelperText>
        <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="3" mt="2">
          {CASE_PRIORITIES.map((p) => (
            <Field.Root key={p} invalid={Boolean(errors[`slaHours.${p}`])}>
              <Field.Label>{CASE_PRIORITY_LABELS[p]}</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                value={form.slaHours[p]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({ ...f, slaHours: { ...f.slaHours, [p]: value } }));
                }}
              />
              {errors[`slaHours.${p}`] ? <Field.ErrorText>{errors[`slaHours.${p}`]}</Field.ErrorText> : null}
            </Field.Root>
          ))}
        </SimpleGrid>
      </Fieldset.Root>
      <Fieldset.Root>
        <Fieldset.Legend>Open a case by itself for</Fieldset.Legend>
        <Stack gap="2" mt="2">
          {(
            [
              ['lowWithComment', 'Every 1–2★ rating with a comment'],
              ['contactRequest', 'Every customer who asks to be contacted'],
            ] as const
          ).map(([key, label]) => (
            <Checkbox.Root
              key={key}
              checked={form.autoOpen[key]}
              onCheckedChange={(d) =>
                setForm((f) => ({ ...f, autoOpen: { ...f.autoOpen, [key]: d.checked === true } }))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </Fieldset.Root>
      <Field.Root>
        <Field.Label>Who gets a new case</Field.Label>
        <NativeSelect.Root size="sm" maxW="sm">
          <NativeSelect.Field
            value={form.assignment}
            onChange={(e) => {
              const assignment = e.currentTarget.value === 'round_robin' ? 'round_robin' : 'manager';
              setForm((f) => ({ ...f, assignment }));
            }}
          >
            <option value="manager">The store's manager</option>
            <option value="round_robin">Each of the store's team in turn</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.retentionDays)} maxW="xs">
        <Field.Label>Keep contact details for (days after the case ends)</Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          value={form.retentionDays}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, retentionDays: value }));
          }}
        />
        <Field.HelperText>
          Then the customer's email and phone are erased; the case stays without them.
        </Field.HelperText>
        {errors.retentionDays ? <Field.ErrorText>{errors.retentionDays}</Field.ErrorText> : null}
      </Field.Root>
      {errors._root ? (
        <Text role="alert" color="red.fg">
          {errors._root}
        </Text>
      ) : null}
      <Button
        type="submit"
        colorPalette="brand"
        alignSelf="flex-start"
        loading={save.isPending}
        {...action.attrs}
      >
        Save settings
      </Button>
    </Stack>
  );
}

export function CaseSettingsPage() {
  const access = useAccess();
  const allowed = access.can('cases:settings');
  const settings = useCaseSettings(allowed);
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={paths.business.caseSettings.title}
        description="Due times, automatic opening, assignment and how long customers' contact details are kept."
      />
      {!allowed ? (
        <AccessRefusal message={ACCESS_MESSAGES.forbidden} />
      ) : (
        <QueryStates
          query={settings}
          loading={{ label: 'Loading the case settings', rows: 3, height: '12' }}
          what="the case settings"
        >
          {() => <SettingsForm settings={settings.data!.body} />}
        </QueryStates>
      )}
    </Box>
  );
}
