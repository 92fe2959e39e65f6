// Store checkboxes (a labelled fieldset of cards, keyboard-usable) for choosing several of the business's stores.
import { CheckboxCard, Fieldset, SimpleGrid, Text } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';

/**
 * The starting selection of a form whose store is required: with only one store to choose from, it is in (added to
 * what the record already has, which may include stores the user cannot see).
 */
export function withOnlyStore(stores: readonly TStore[], value: readonly string[]): string[] {
  const only = stores.length === 1 ? stores[0]!._id : null;
  return only && !value.includes(only) ? [...value, only] : [...value];
}

export function StoresPicker({
  stores,
  value,
  error,
  label = 'Stores',
  fixedWhenOne = false,
  onChange,
}: {
  stores: readonly TStore[];
  label?: string;
  value: string[];
  error?: string;
  /**
   * Only for forms where a store must be chosen (start the value with `withOnlyStore`): one store is shown as fixed
   * text, not a one-card checkbox list. Not for webhooks or API keys, where an empty selection means all stores.
   */
  fixedWhenOne?: boolean;
  onChange: (ids: string[]) => void;
}) {
  const only = fixedWhenOne && stores.length === 1 ? stores[0]! : null;
  if (only)
    return (
      <Fieldset.Root invalid={Boolean(error)}>
        <Text fontSize="sm">Store: {only.name}</Text>
        <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
      </Fieldset.Root>
    );
  return (
    // A fieldset, not a Field: inside a Field every checkbox would be named after the field's label.
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>{label}</Fieldset.Legend>
      {stores.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          There are no stores yet.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" w="full">
          {stores.map((store) => (
            <CheckboxCard.Root
              key={store._id}
              size="sm"
              checked={value.includes(store._id)}
              onCheckedChange={(d) =>
                onChange(d.checked ? [...value, store._id] : value.filter((id) => id !== store._id))
              }
            >
              <CheckboxCard.HiddenInput />
              <CheckboxCard.Control>
                <CheckboxCard.Label>{store.name}</CheckboxCard.Label>
                <CheckboxCard.Indicator />
              </CheckboxCard.Control>
            </CheckboxCard.Root>
          ))}
        </SimpleGrid>
      )}
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
