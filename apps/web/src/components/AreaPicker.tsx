// Area checkboxes laid out as the tree (each under its parent, indented by depth), for choosing several areas.
import { Box, Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { TArea } from '@cx/contracts';

/** The areas parents first, each followed by its own subtree (siblings by name), with its depth. */
export function areaRows(areas: readonly TArea[]): Array<{ area: TArea; depth: number }> {
  const ids = new Set(areas.map((a) => a._id));
  const children = new Map<string | null, TArea[]>();
  for (const a of areas) {
    // An area whose parent is not listed (a member sees part of the tree) starts a branch of its own.
    const parent = a.parent !== null && ids.has(a.parent) ? a.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const out: Array<{ area: TArea; depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((x, y) => x.name.localeCompare(y.name));
    for (const area of list) {
      out.push({ area, depth });
      walk(area._id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function AreaPicker({
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
  const rows = areaRows(areas);
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
