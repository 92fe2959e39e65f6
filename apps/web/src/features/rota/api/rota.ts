// The rota week of one store, and shift mutations that refresh it (and "on shift now").
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const ROTA_QUERY_KEY = ['rota'] as const;

/** week: any date of the wanted week (YYYY-MM-DD), or undefined for the store's current week. */
export function useRotaWeek(store: string, week: string | undefined) {
  return tsr.rota.week.useQuery({
    queryKey: [...ROTA_QUERY_KEY, 'week', store, week ?? 'current'],
    queryData: { query: week ? { store, week } : { store } },
    enabled: Boolean(store),
    placeholderData: (previous) => previous,
  });
}

export function useShiftMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ROTA_QUERY_KEY });
  return {
    create: tsr.rota.createShift.useMutation({ onSettled }),
    update: tsr.rota.updateShift.useMutation({ onSettled }),
    remove: tsr.rota.deleteShift.useMutation({ onSettled }),
    copyWeek: tsr.rota.copyWeek.useMutation({ onSettled }),
  };
}

/** Date arithmetic on YYYY-MM-DD strings in UTC, so the browser's own time zone never shifts a day. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "Mon 2 Jun" */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)).replace(',', '');
/** "Monday 2 June" */
export const longDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`)).replace(',', '');

/** Today's date in the store's time zone. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}
