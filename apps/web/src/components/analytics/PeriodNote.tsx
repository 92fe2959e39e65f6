// States which days every figure below covers, and the same-length period it is compared with.
import { Text } from '@chakra-ui/react';
import type { TResolvedPeriod } from '@cx/contracts';
import { formatPeriod, formatPreviousPeriod } from '@/lib/analytics/format';
import { PERIOD_LABELS } from '@/lib/analytics/filters';

export function PeriodNote({ period, compared = true }: { period: TResolvedPeriod; compared?: boolean }) {
  return (
    <Text color="fg.muted" fontSize="sm" mb="4" data-testid="period-note">
      {PERIOD_LABELS[period.preset]}: {formatPeriod(period)}
      {compared ? ` (compared with ${formatPreviousPeriod(period)})` : ''} · each store's local days
    </Text>
  );
}
