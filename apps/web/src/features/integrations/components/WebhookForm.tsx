// Adding an endpoint: its URL, the events it hears and its stores (checked by the contract's schema before sending).
import { Button, Checkbox, Field, Fieldset, Input, RadioGroup, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  ZCreateWebhookSchema,
  type TStore,
  type TWebhookEventType,
} from '@cx/contracts';
import { RadioItems } from '@/components/RadioItems';
import { StoresPicker } from '@/components/StoresPicker';
import { ALL_STORES } from '@/lib/store-names';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';

type TStoreScope = 'all' | 'chosen';
const SCOPE_OPTIONS: { value: TStoreScope; label: string }[] = [
  { value: 'all', label: ALL_STORES },
  { value: 'chosen', label: 'Only chosen stores' },
];
export const CHOOSE_A_STORE = 'Choose at least one store, or All stores';

export function WebhookForm({
  pending,
  stores,
  onSubmit,
}: {
  pending: boolean;
  /** The business's stores to choose from. */
  stores: readonly TStore[];
  onSubmit: (body: { url: string; events: TWebhookEventType[]; stores?: string[] }) => Promise<unknown>;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(['rating.created']);
  const [scope, setScope] = useState<TStoreScope>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<TFormErrors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // "All stores" sends no list: the API then covers every store, including ones added later.
    const body = scope === 'chosen' ? { url, events, stores: chosen } : { url, events };
    const { data, errors: found } = validate(ZCreateWebhookSchema, body);
    if (scope === 'chosen' && chosen.length === 0) found.stores = CHOOSE_A_STORE;
    setErrors(found);
    if (!data || found.stores) return;
    try {
      await onSubmit(data);
      setUrl('');
      setScope('all');
      setChosen([]);
    } catch (err) {
      setErrors(serverFormErrors(err));
    }
  };
  const firstError = (field: string) =>
    errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1];
  const eventsError = firstError('events');
  const storesError = firstError('stores');

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
        <RadioGroup.Root
          value={scope}
          onValueChange={(d) => {
            setScope(d.value as TStoreScope);
            setErrors(({ stores: _dropped, ...rest }) => rest);
          }}
        >
          <RadioGroup.Label>Stores</RadioGroup.Label>
          <RadioItems options={SCOPE_OPTIONS} />
        </RadioGroup.Root>
        {scope === 'chosen' ? (
          <StoresPicker
            stores={stores}
            label="Send events of these stores"
            value={chosen}
            error={storesError}
            onChange={(ids) => {
              setChosen(ids);
              setErrors(({ stores: _dropped, ...rest }) => rest);
            }}
          />
        ) : null}
        <Button type="submit" loading={pending} alignSelf="flex-start">
          Add endpoint
        </Button>
      </Stack>
    </form>
  );
}
