// Store checkboxes (a labelled fieldset of cards, keyboard-usable) for choosing several of the business's stores.
import { CheckboxCard, Fieldset, SimpleGrid, Text } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';

export function StoresPicker({
  stores,
  value,
  error,
  label = 'Stores',
  onChange,
}: {
  stores: readonly TStore[];
  label?: string;
  value: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
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
