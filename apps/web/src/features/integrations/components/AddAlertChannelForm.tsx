// Connect an alert channel: kind, name, and the Slack/Teams webhook URL or email addresses; messages per field.
import { Button, Field, Flex, Input, NativeSelect, Stack } from '@chakra-ui/react';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_LABELS,
  ZCreateAlertChannelSchema,
  type TAlertChannelKind,
} from '@cx/contracts';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';
import { routeAttrs } from '@/lib/actions';
import { useCreateAlertChannel } from '../api/alert-channels';

const URL_HINT: Record<TAlertChannelKind, string> = {
  slack: 'https://hooks.slack.com/services/…',
  teams: 'https://….webhook.office.com/…',
  email: 'ops@example.com, manager@example.com',
};

export function AddAlertChannelForm() {
  const [kind, setKind] = useState<TAlertChannelKind>('slack');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<TFormErrors>({});
  const create = useCreateAlertChannel();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const emails = target.split(/[,\s]+/).filter(Boolean);
    const body = kind === 'email' ? { kind, name, emails } : { kind, name, url: target.trim() };
    const checked = validate(ZCreateAlertChannelSchema, body);
    setErrors(checked.errors);
    if (!checked.data) return;
    create.mutate(
      { body },
      {
        onSuccess: (res) => {
          toaster.success({ title: res.body.message });
          setName('');
          setTarget('');
        },
        onError: (error) => {
          setErrors(serverFormErrors(error));
          toaster.error({ title: apiErrorMessage(error) });
        },
      },
    );
  };
  const targetError = kind === 'email' ? (errors.emails ?? errors['emails.0']) : errors.url;

  return (
    <Stack as="form" gap="3" onSubmit={submit} aria-label="Add an alert channel">
      <Flex gap="3" wrap="wrap">
        <Field.Root width={{ base: 'full', sm: '44' }}>
          <Field.Label>Kind</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={kind} onChange={(e) => setKind(e.target.value as TAlertChannelKind)}>
              {ALERT_CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ALERT_CHANNEL_LABELS[k]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.name)} width={{ base: 'full', sm: '56' }}>
          <Field.Label>Name</Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Ops room" />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
      </Flex>
      <Field.Root invalid={Boolean(targetError)}>
        <Field.Label>{kind === 'email' ? 'Email addresses' : 'Incoming webhook URL'}</Field.Label>
        <Input
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          placeholder={URL_HINT[kind]}
          inputMode={kind === 'email' ? 'email' : 'url'}
        />
        <Field.ErrorText>{targetError}</Field.ErrorText>
      </Field.Root>
      <Button
        {...routeAttrs('alerts.createChannel')}
        type="submit"
        colorPalette="brand"
        alignSelf="start"
        loading={create.isPending}
      >
        Add channel
      </Button>
    </Stack>
  );
}
