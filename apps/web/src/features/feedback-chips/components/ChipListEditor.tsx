// One editable list of chips: each with a remove button, and a field to add another (Enter or the Add button).
import { Button, Field, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { CHIP_MAX_LENGTH } from '@cx/contracts';
import { useId, useState } from 'react';
import { LuPlus, LuX } from 'react-icons/lu';

export type TChipListEditorProps = {
  label: string;
  hint: string;
  chips: string[];
  error?: string;
  onChange: (chips: string[]) => void;
};

export function ChipListEditor({ label, hint, chips, error, onChange }: TChipListEditorProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const add = () => {
    const chip = draft.trim();
    if (!chip) return;
    onChange([...chips, chip]);
    setDraft('');
  };
  return (
    <Stack as="fieldset" gap="2" minW="0">
      <Text as="legend" fontWeight="semibold">
        {label}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {hint}
      </Text>
      <Wrap gap="2" aria-label={label} role="list">
        {chips.map((chip, i) => (
          <HStack
            key={`${chip}-${i}`}
            role="listitem"
            gap="1"
            borderWidth="1px"
            borderRadius="full"
            ps="3"
            pe="1"
            maxW="full"
          >
            <Text truncate>{chip}</Text>
            <IconButton
              aria-label={`Remove “${chip}”`}
              size="xs"
              variant="ghost"
              borderRadius="full"
              onClick={() => onChange(chips.filter((_, j) => j !== i))}
            >
              <LuX />
            </IconButton>
          </HStack>
        ))}
      </Wrap>
      <Field.Root invalid={!!error}>
        <Field.Label htmlFor={inputId} srOnly>
          Add to {label}
        </Field.Label>
        <HStack w="full" maxW="md">
          <Input
            id={inputId}
            value={draft}
            maxLength={CHIP_MAX_LENGTH}
            placeholder="Add a chip"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button variant="outline" onClick={add} disabled={!draft.trim()}>
            <LuPlus aria-hidden /> Add
          </Button>
        </HStack>
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </Stack>
  );
}
