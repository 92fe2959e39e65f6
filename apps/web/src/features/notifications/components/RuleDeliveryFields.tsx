// A rule's delivery: the alert channels it also posts to, urgency over quiet hours, escalation if unacknowledged, and opening a case.
import { Checkbox, Field, Fieldset, Flex, Input, NativeSelect, Switch, Text } from '@chakra-ui/react';
import { ALERT_CHANNEL_LABELS, type TEscalation } from '@cx/contracts';
import { useAccess } from '@/lib/role';
import { useChannelOptions, useEscalationMembers } from '../api/rules';

interface Props {
  idBase: string;
  draft: Record<string, unknown>;
  set: (key: string, value: unknown) => void;
  errorOf: (key: string) => string | undefined;
}

/** Rules that fire for one rating (a flagged-burst rule fires for suspicious ratings, which open no case). */
const OPENS_CASES = new Set(['low-rating', 'low-share-window', 'staff-average']);

export function RuleDeliveryFields({ idBase, draft, set, errorOf }: Props) {
  const access = useAccess();
  const options = useChannelOptions();
  const members = useEscalationMembers(access.can('team:read'));
  const channels = (draft.channels as string[] | undefined) ?? [];
  const escalation = (draft.escalation as TEscalation | null | undefined) ?? null;
  const list = options.data?.body.channels ?? [];
  return (
    <>
      <Fieldset.Root>
        <Fieldset.Legend>Also post to</Fieldset.Legend>
        {options.isPending ? (
          <Text fontSize="sm" color="fg.muted">
            Loading channels…
          </Text>
        ) : options.isError ? (
          <Text fontSize="sm" color="fg.error">
            Could not load the alert channels.
          </Text>
        ) : list.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No Slack, Teams or email channels connected yet (owners and admins add them under Integrations).
          </Text>
        ) : (
          <Flex gap="3" wrap="wrap">
            {list.map((c) => (
              <Checkbox.Root
                key={c._id}
                checked={channels.includes(c._id)}
                onCheckedChange={(e) =>
                  set('channels', e.checked ? [...channels, c._id] : channels.filter((x) => x !== c._id))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {c.name} ({ALERT_CHANNEL_LABELS[c.kind]})
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Flex>
        )}
      </Fieldset.Root>
      <Switch.Root checked={Boolean(draft.urgent)} onCheckedChange={(e) => set('urgent', e.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Urgent: deliver during quiet hours too</Switch.Label>
      </Switch.Root>
      {OPENS_CASES.has(String(draft.type)) ? (
        <Switch.Root checked={Boolean(draft.openCase)} onCheckedChange={(e) => set('openCase', e.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Also open a case for the rating</Switch.Label>
        </Switch.Root>
      ) : null}
      <Fieldset.Root>
        <Checkbox.Root
          checked={escalation !== null}
          onCheckedChange={(e) => set('escalation', e.checked ? { afterMinutes: 30, to: 'owner' } : null)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Escalate if nobody acknowledges</Checkbox.Label>
        </Checkbox.Root>
        {escalation ? (
          <Flex gap="3" wrap="wrap">
            <Field.Root invalid={Boolean(errorOf('escalation'))} width={{ base: 'full', sm: '44' }}>
              <Field.Label htmlFor={`${idBase}-esc-minutes`}>After (minutes)</Field.Label>
              <Input
                id={`${idBase}-esc-minutes`}
                type="number"
                inputMode="numeric"
                value={Number.isNaN(escalation.afterMinutes) ? '' : String(escalation.afterMinutes)}
                onChange={(e) => set('escalation', { ...escalation, afterMinutes: Number(e.target.value) })}
              />
              <Field.ErrorText>{errorOf('escalation')}</Field.ErrorText>
            </Field.Root>
            <Field.Root width={{ base: 'full', sm: '56' }}>
              <Field.Label htmlFor={`${idBase}-esc-to`}>To</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id={`${idBase}-esc-to`}
                  value={escalation.to}
                  onChange={(e) => set('escalation', { ...escalation, to: e.target.value })}
                >
                  <option value="owner">The owner</option>
                  {(members.data?.body.members ?? [])
                    .filter((m) => m.role !== 'owner')
                    .map((m) => (
                      <option key={m.userId} value={m.userId}>
                        {m.fullname}
                      </option>
                    ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Flex>
        ) : null}
      </Fieldset.Root>
    </>
  );
}
