// How case times read (#37): "due in 3 h" / "overdue by 2 h", and durations in minutes as "45 min", "3 h 20 min", "2 d 4 h".

const MINUTE = 60_000;

/** A duration in whole minutes, as a person says it: under an hour in minutes, under two days in hours, else days. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '–';
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest ? `${h} h ${rest} min` : `${h} h`;
  }
  const d = Math.floor(m / (24 * 60));
  const h = Math.round((m - d * 24 * 60) / 60);
  return h ? `${d} d ${h} h` : `${d} d`;
}

/** A short span: minutes under an hour, hours under two days, else days (no second unit, for a list row). */
function shortSpan(ms: number): string {
  const m = Math.round(Math.abs(ms) / MINUTE);
  if (m < 60) return `${Math.max(1, m)} min`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h`;
  return `${Math.round(h / 24)} d`;
}

export type TDueText = { text: string; overdue: boolean };

/** "due in 3 h" or "overdue by 2 h" against `now`; a finished case is neither (`done`: "was due …" is not said). */
export function dueText(dueAt: string, now: number = Date.now()): TDueText {
  const diff = new Date(dueAt).getTime() - now;
  if (diff < 0) return { text: `overdue by ${shortSpan(diff)}`, overdue: true };
  return { text: `due in ${shortSpan(diff)}`, overdue: false };
}

/** A percentage figure or a dash. */
export function formatPct(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : `${Math.round(value)}%`;
}

/** A date-time in the viewer's locale and zone, short ("27 Nov, 14:05"). */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
