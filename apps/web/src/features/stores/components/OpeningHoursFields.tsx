// The week's opening hours as rows (closed, opens, closes), shared by the store form and an area's settings.
import { Box, Button, Checkbox, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { LuCopy } from 'react-icons/lu';
import { WEEKDAYS, type TOpeningRow } from './store-form';

export type TOpeningHoursFieldsProps = {
  rows: TOpeningRow[];
  onChange: (index: number, patch: Partial<TOpeningRow>) => void;
  /** Messages by dotted path, e.g. "openingHours.2.close". */
  errors?: Record<string, string>;
  /** The path prefix of the errors. */
  path?: string;
  /** Copies the row's hours to every other day; without it, no copy button is shown. */
  onCopyToAll?: (index: number) => void;
};

export function OpeningHoursFields({
  rows,
  onChange,
  errors = {},
  path = 'openingHours',
  onCopyToAll,
}: TOpeningHoursFieldsProps) {
  return (
    <Stack gap="2">
      {rows.map((row, i) => {
        const label = WEEKDAYS.find((d) => d.day === row.day)?.label ?? '';
        const error = errors[`${path}.${i}.open`] ?? errors[`${path}.${i}.close`];
        return (
          <Box key={row.day}>
            <Grid
              templateColumns={{
                base: '1fr 1fr',
                sm: onCopyToAll ? '7rem 6rem 1fr 1fr auto' : '7rem 6rem 1fr 1fr',
              }}
              gap="2"
              alignItems="center"
            >
              <Text fontSize="sm" fontWeight="medium">
                {label}
              </Text>
              <Checkbox.Root
                checked={row.closed}
                onCheckedChange={(d) => onChange(i, { closed: d.checked === true })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Closed</Checkbox.Label>
              </Checkbox.Root>
              <Input
                type="time"
                size="sm"
                aria-label={`${label} opening time`}
                value={row.open}
                disabled={row.closed}
                onChange={(e) => onChange(i, { open: e.target.value })}
              />
              <Input
                type="time"
                size="sm"
                aria-label={`${label} closing time`}
                value={row.close}
                disabled={row.closed}
                onChange={(e) => onChange(i, { close: e.target.value })}
              />
              {onCopyToAll ? (
                <Button
                  size="xs"
                  variant="ghost"
                  gridColumn={{ base: '1 / -1', sm: 'auto' }}
                  justifySelf={{ base: 'start', sm: 'auto' }}
                  onClick={() => onCopyToAll(i)}
                  aria-label={`Copy to all days: ${label}'s hours`}
                  title={`Copy ${label}'s hours to all days`}
                >
                  <LuCopy aria-hidden /> Copy to all days
                </Button>
              ) : null}
            </Grid>
            {error ? (
              <Text color="fg.error" fontSize="xs" mt="1">
                {label}: {error}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
