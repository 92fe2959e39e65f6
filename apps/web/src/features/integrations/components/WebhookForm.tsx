// Adding an endpoint: its URL and the events it hears (checked by the contract's schema before sending).
import { Button, Checkbox, Field, Fieldset, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  ZCreateWebhookSchema,
  type TWebhookEventType,
} from '@cx/contracts';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';

export function WebhookForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (body: { url: string; events: TWebhookEventType[] }) => Promise<unknown>;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(['rating.created']);
  const [errors, setErrors] = useState<TFormErrors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { data, errors: found } = validate(ZCreateWebhookSchema, { url, events });
    setErrors(found);
    if (!data) return;
    try {
      await onSubmit(data);
      setUrl('');
    } catch (err) {
      setErrors(serverFormErrors(err));
    }
  };
  const eventsError = errors.events ?? Object.entries(errors).find(([k]) => k.startsWith('events.'))?.[1];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a webhook endpoint">
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.url)} required>
          <Field.Label>Endpoint URL</Field.Label>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/cx"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Field.ErrorText>{errors.url}</Field.ErrorText>
        </Field.Root>
        <Fieldset.Root invalid={Boolean(eventsError)}>
          <Fieldset.Legend>Events</Fieldset.Legend>
          <Stack gap="2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox.Root
                key={type}
                checked={events.includes(type)}
                onCheckedChange={(d) =>
                  setEvents(d.checked ? [...events, type] : events.filter((t) => t !== type))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {WEBHOOK_EVENT_LABELS[type]} <code>({type})</code>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          <Fieldset.ErrorText>{eventsError}</Fieldset.ErrorText>
        </Fieldset.Root>
        <Button type="submit" loading={pending} alignSelf="flex-start">
          Add endpoint
        </Button>
      </Stack>
    </form>
  );
}
