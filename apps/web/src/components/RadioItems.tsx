// The options of a Chakra RadioGroup side by side, wrapping on a phone (arrow keys move between them).
import { HStack, RadioGroup } from '@chakra-ui/react';

export function RadioItems({ options }: { options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <HStack gap="4" mt="2" wrap="wrap">
      {options.map((option) => (
        <RadioGroup.Item key={option.value} value={option.value}>
          <RadioGroup.ItemHiddenInput />
          <RadioGroup.ItemIndicator />
          <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
        </RadioGroup.Item>
      ))}
    </HStack>
  );
}
