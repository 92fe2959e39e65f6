// One setting a store or area may take from the area above: "Inherited from London: Europe/London", or its own editor.
import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type TInheritToggleProps = {
  /** What the setting is called in "Use the area's …". */
  label: string;
  inherited: boolean;
  onInheritedChange: (inherited: boolean) => void;
  /** The area it comes from (null: no area sets it, the default applies). */
  from: string | null;
  /** The inherited value in words. */
  value: string;
  /** The editor for its own value, shown when it does not inherit. */
  children: ReactNode;
  /** The checkbox's text; default "Use the area's <label>". */
  toggleLabel?: string;
};

export function InheritToggle({
  label,
  inherited,
  onInheritedChange,
  from,
  value,
  children,
  toggleLabel,
}: TInheritToggleProps) {
  return (
    <Stack gap="2">
      <Checkbox.Root checked={inherited} onCheckedChange={(d) => onInheritedChange(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{toggleLabel ?? `Use the area's ${label}`}</Checkbox.Label>
      </Checkbox.Root>
      {inherited ? (
        <Text fontSize="sm" color="fg.muted" data-testid={`inherited-${label}`}>
          {from ? `Inherited from ${from}` : 'Default'}: {value}
        </Text>
      ) : (
        <Box>{children}</Box>
      )}
    </Stack>
  );
}
