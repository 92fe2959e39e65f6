// The small marks a case carries everywhere: its status, priority, due time ("overdue by 2 h" in red) and recovery.
import { Badge, Text } from '@chakra-ui/react';
import {
  CASE_PRIORITY_LABELS,
  CASE_STATUS_LABELS,
  OPEN_CASE_STATUSES,
  type TCase,
  type TCasePriority,
  type TCaseStatus,
} from '@cx/contracts';
import { dueText, formatWhen } from '@/lib/case-format';

const STATUS_PALETTE: Record<TCaseStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  waiting: 'purple',
  resolved: 'green',
  closed: 'gray',
};

export function StatusBadge({ status }: { status: TCaseStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle">
      {CASE_STATUS_LABELS[status]}
    </Badge>
  );
}

const PRIORITY_PALETTE: Record<TCasePriority, string> = {
  urgent: 'red',
  high: 'orange',
  normal: 'gray',
  low: 'gray',
};

export function PriorityBadge({ priority }: { priority: TCasePriority }) {
  return (
    <Badge colorPalette={PRIORITY_PALETTE[priority]} variant={priority === 'urgent' ? 'solid' : 'outline'}>
      {CASE_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** "due in 3 h" / "overdue by 2 h" (red) while open; nothing once resolved or closed. */
export function DueText({ item, now }: { item: Pick<TCase, 'dueAt' | 'status' | 'overdue'>; now?: number }) {
  if (!OPEN_CASE_STATUSES.includes(item.status)) return null;
  const due = dueText(item.dueAt, now);
  const overdue = due.overdue || item.overdue;
  return (
    <Text
      as="span"
      fontSize="sm"
      color={overdue ? 'red.fg' : 'fg.muted'}
      fontWeight={overdue ? 'semibold' : 'normal'}
      title={formatWhen(item.dueAt)}
      data-overdue={overdue || undefined}
    >
      {overdue && !due.overdue ? 'overdue' : due.text}
    </Text>
  );
}

export function RecoveryBadge({ recovered }: { recovered: boolean | null }) {
  if (recovered === null) return null;
  return (
    // subtle, not solid: white on the solid green falls below AA contrast
    <Badge colorPalette={recovered ? 'green' : 'red'} variant="subtle">
      {recovered ? 'Recovered' : 'Not recovered'}
    </Badge>
  );
}
