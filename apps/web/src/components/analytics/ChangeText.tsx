// A change against the previous period: signed, coloured by direction, and spelled out for screen readers.
import { Text, VisuallyHidden } from '@chakra-ui/react';
import { describeChange, formatChange, type TUnit } from '@/lib/analytics/format';

export function ChangeText({ change, unit }: { change: number | null | undefined; unit: TUnit }) {
  const color = !change ? 'fg.muted' : change > 0 ? 'green.700' : 'red.700';
  return (
    <Text as="span" color={color} fontWeight="medium" whiteSpace="nowrap">
      <span aria-hidden="true">
        {change ? (change > 0 ? '▲ ' : '▼ ') : ''}
        {formatChange(change, unit)}
      </span>
      <VisuallyHidden>{describeChange(change, unit)}</VisuallyHidden>
    </Text>
  );
}
