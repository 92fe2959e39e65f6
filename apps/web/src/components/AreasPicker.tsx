// Area checkboxes laid out as the tree (each under its parent, indented by depth), for choosing several areas
// (the single-area select is ./AreaPicker).
import { Box, Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { TArea } from '@cx/contracts';
import { areasInTreeOrder } from './AreaPicker';

export function AreasPicker({
  areas,
  value,
  onChange,
  label = 'Areas',
  hint = 'Covers every store under each chosen area, also stores added there later.',
  error,
}: {
  areas: readonly TArea[];
  value: string[];
  onChange: (ids: string[]) => void;
  label?: string;
  hint?: string;
  error?: string;
}) {
  const rows = areasInTreeOrder([...areas]);
  return (
    // A fieldset, not a Field: inside a Field every checkbox would be named after the field's label.
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>{label}</Fieldset.Legend>
      {hint ? <Fieldset.HelperText>{hint}</Fieldset.HelperText> : null}
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          There are no areas yet.
        </Text>
      ) : (
        <Stack gap="1">
          {rows.map(({ area, depth }) => (
            // Indentation stops growing after four levels so a deep tree still fits a phone.
            <Box key={area._id} ps={`${Math.min(depth, 4) * 16}px`} minW="0">
              <Checkbox.Root
                size="sm"
                checked={value.includes(area._id)}
                onCheckedChange={(d) =>
                  onChange(d.checked ? [...value, area._id] : value.filter((id) => id !== area._id))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label wordBreak="break-word">{area.name}</Checkbox.Label>
              </Checkbox.Root>
            </Box>
          ))}
        </Stack>
      )}
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
