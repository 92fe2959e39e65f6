// A zone's wall clock for journeys that book shifts: the hour and day there now, and the rota grid's day label.

/** The hour (0–23) in `zone` now. */
export const hourIn = (zone: string, now = new Date()): number =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(now));

/** Today in `zone` as YYYY-MM-DD. */
export const dayIn = (zone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);

/** A YYYY-MM-DD day as the rota grid names it in its buttons ("Fri 27 Nov"). */
export const rotaDayLabel = (day: string): string =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${day}T00:00:00Z`))
    .replace(',', '');
