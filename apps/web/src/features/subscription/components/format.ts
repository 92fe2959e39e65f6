// Display helpers of the subscription pages: dates (spec §9: day, short month, year), counts and status labels.
import type { TSubscriptionStatus } from '@cx/contracts';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T12:00:00` : value);
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export const formatCount = (n: number) => n.toLocaleString('en-GB');

export const STATUS_LABELS: Record<TSubscriptionStatus, { label: string; palette: string }> = {
  trialing: { label: 'Free trial', palette: 'blue' },
  active: { label: 'Active', palette: 'green' },
  past_due: { label: 'Payment past due', palette: 'orange' },
  canceled: { label: 'Canceled', palette: 'red' },
  expired: { label: 'Expired', palette: 'red' },
};
