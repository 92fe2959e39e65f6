// One alert rule as an editable card: switches, the type's fields, stores, validation messages and a live preview.
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import {
  TARGET_METRIC_LABELS,
  TARGET_METRICS,
  ZRuleInputSchema,
  alertPreview,
  type TRule,
  type TRuleInput,
} from '@cx/contracts';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { RULE_LABELS, useDeleteRule, useUpdateRule } from '../api/rules';
import { KeywordsField } from './KeywordsField';
import { RuleDeliveryFields } from './RuleDeliveryFields';

type TNumberField = { key: string; label: string; step?: number };
const NUMBER_FIELDS: Partial<Record<TRuleInput['type'], TNumberField[]>> = {
  'low-rating': [{ key: 'maxScore', label: 'Stars or fewer' }],
  'low-share-window': [
    { key: 'maxScore', label: 'Low means stars or fewer' },
    { key: 'percent', label: 'Share of low ratings (%)' },
    { key: 'minutes', label: 'Over the last (minutes)' },
    { key: 'minRatings', label: 'With at least (ratings)' },
  ],
  'staff-average': [{ key: 'threshold', label: 'Alert below average', step: 0.1 }],
  'flagged-burst': [
    { key: 'count', label: 'Flagged ratings' },
    { key: 'minutes', label: 'Within (minutes)' },
  ],
  summary: [{ key: 'hour', label: 'Local hour (0–23)' }],
  'below-target': [{ key: 'days', label: 'Days in a row' }],
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function withoutMeta(rule: TRule): TRuleInput {
  const { _id: _i, createdAt: _c, updatedAt: _u, ...input } = rule;
  return input as TRuleInput;
}

export function RuleCard({ rule, stores }: { rule: TRule; stores: { _id: string; name: string }[] }) {
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({ ...withoutMeta(rule) }));
  const [showErrors, setShowErrors] = useState(false);
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const saving = useAction('notifications.updateRule');
  const deleting = useAction('notifications.deleteRule');
  const parsed = ZRuleInputSchema.safeParse(draft);
  const errors = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  const errorOf = (key: string) =>
    showErrors ? (errors as Record<string, string[] | undefined>)[key]?.[0] : undefined;
  const set = (key: string, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));
  const label = RULE_LABELS[rule.type];
  const idBase = `rule-${rule._id}`;

  const save = () => {
    setShowErrors(true);
    if (!parsed.success) return;
    update.mutate(
      { params: { id: rule._id }, body: parsed.data },
      {
        onSuccess: (res) => toaster.success({ title: res.body.message }),
        onError: (error) => toaster.error({ title: apiErrorMessage(error) }),
      },
    );
  };
  const del = () =>
    remove.mutate(
      { params: { id: rule._id } },
      { onError: (error) => toaster.error({ title: apiErrorMessage(error) }) },
    );
  const chosenStores = (draft.stores as string[]) ?? [];
  const kinds = (draft.kinds as string[] | undefined) ?? [];

  return (
    <Card.Root as="article" aria-labelledby={`${idBase}-title`}>
      {/* A role that cannot change rules reads them: the native fieldset disables every field at once. */}
      <fieldset disabled={!saving.allowed} style={{ display: 'contents' }}>
        <Card.Header>
          <Flex justify="space-between" gap="2" wrap="wrap">
            <Stack gap="0">
              <Card.Title id={`${idBase}-title`}>{label.title}</Card.Title>
              <Text color="fg.muted" fontSize="sm">
                {label.description}
              </Text>
            </Stack>
            <HStack gap="4">
              <Switch.Root
                checked={Boolean(draft.enabled)}
                onCheckedChange={(e) => set('enabled', e.checked)}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>On</Switch.Label>
              </Switch.Root>
              <Switch.Root checked={Boolean(draft.email)} onCheckedChange={(e) => set('email', e.checked)}>
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>Email</Switch.Label>
              </Switch.Root>
            </HStack>
          </Flex>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <Flex gap="3" wrap="wrap">
              {(NUMBER_FIELDS[rule.type] ?? []).map((f) => (
                <Field.Root key={f.key} invalid={Boolean(errorOf(f.key))} width={{ base: 'full', sm: '44' }}>
                  <Field.Label>{f.label}</Field.Label>
                  <Input
                    type="number"
                    inputMode="decimal"
                    step={f.step ?? 1}
                    value={
                      draft[f.key] === undefined || Number.isNaN(draft[f.key]) ? '' : String(draft[f.key])
                    }
                    onChange={(e) => set(f.key, e.target.value === '' ? undefined : Number(e.target.value))}
                  />
                  <Field.ErrorText>{errorOf(f.key)}</Field.ErrorText>
                </Field.Root>
              ))}
              {rule.type === 'below-target' ? (
                <Field.Root width={{ base: 'full', sm: '44' }}>
                  <Field.Label>Target</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={String(draft.metric)}
                      onChange={(e) => set('metric', e.target.value)}
                    >
                      {TARGET_METRICS.map((m) => (
                        <option key={m} value={m}>
                          {TARGET_METRIC_LABELS[m]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              ) : null}
              {rule.type === 'summary' ? (
                <>
                  <Field.Root width={{ base: 'full', sm: '44' }}>
                    <Field.Label>Frequency</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={String(draft.frequency)}
                        onChange={(e) => set('frequency', e.target.value)}
                      >
                        <option value="daily">Daily</option>
                        <option value="weekly">Weekly</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {draft.frequency === 'weekly' ? (
                    <Field.Root width={{ base: 'full', sm: '44' }}>
                      <Field.Label>Day</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={String(draft.weekday ?? 1)}
                          onChange={(e) => set('weekday', Number(e.target.value))}
                        >
                          {WEEKDAYS.map((d, i) => (
                            <option key={d} value={i + 1}>
                              {d}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  ) : null}
                </>
              ) : null}
            </Flex>
            {rule.type === 'keyword' ? (
              <KeywordsField
                value={(draft.keywords as string[] | undefined) ?? []}
                error={errorOf('keywords')}
                onChange={(keywords) => set('keywords', keywords)}
              />
            ) : null}
            {rule.type === 'low-rating' || rule.type === 'keyword' ? (
              // A fieldset, not a Field: a Field would give every checkbox inside it the group's label and one id.
              <Fieldset.Root invalid={Boolean(errorOf('kinds'))}>
                <Fieldset.Legend>Ratings of</Fieldset.Legend>
                <HStack gap="4">
                  {(['staff', 'experience'] as const).map((k) => (
                    <Checkbox.Root
                      key={k}
                      checked={kinds.includes(k)}
                      onCheckedChange={(e) =>
                        set('kinds', e.checked ? [...kinds, k] : kinds.filter((x) => x !== k))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{k === 'staff' ? 'Staff' : 'Experience'}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </HStack>
                <Fieldset.ErrorText>{errorOf('kinds')}</Fieldset.ErrorText>
              </Fieldset.Root>
            ) : null}
            {rule.type !== 'visit-allowance' && stores.length > 1 ? (
              <Fieldset.Root>
                <Fieldset.Legend>Stores (none ticked: all)</Fieldset.Legend>
                <Flex gap="3" wrap="wrap">
                  {stores.map((s) => (
                    <Checkbox.Root
                      key={s._id}
                      checked={chosenStores.includes(s._id)}
                      onCheckedChange={(e) =>
                        set(
                          'stores',
                          e.checked ? [...chosenStores, s._id] : chosenStores.filter((x) => x !== s._id),
                        )
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{s.name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Flex>
              </Fieldset.Root>
            ) : null}
            {rule.type !== 'summary' ? (
              <RuleDeliveryFields idBase={idBase} draft={draft} set={set} errorOf={errorOf} />
            ) : null}
            <Stack gap="1" bg="bg.muted" p="3" rounded="md" aria-live="polite">
              <Badge alignSelf="start" size="sm">
                Preview
              </Badge>
              <Text fontSize="sm" data-testid={`${idBase}-preview`}>
                {parsed.success ? alertPreview(parsed.data) : 'Fix the fields above to see the alert.'}
              </Text>
            </Stack>
          </Stack>
        </Card.Body>
      </fieldset>
      <Card.Footer justifyContent="flex-end" gap="2">
        {saving.reason ? (
          <Text fontSize="sm" color="fg.muted">
            {saving.reason}
          </Text>
        ) : null}
        {deleting.allowed ? (
          <Button
            {...deleting.attrs}
            variant="ghost"
            colorPalette="red"
            onClick={del}
            loading={remove.isPending}
          >
            Delete
          </Button>
        ) : null}
        {saving.allowed ? (
          <Button {...saving.attrs} colorPalette="brand" onClick={save} loading={update.isPending}>
            Save
          </Button>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}
