// An independent recount of the dashboard's figures from raw documents (plain arrays + luxon), to check the rollups.
import { DateTime } from 'luxon';

export interface RawRating {
  _id: string;
  store: string;
  staff: string | null;
  kind: 'staff' | 'experience';
  score: number;
  comment: string;
  createdAt: Date;
  outsideShift: boolean;
  flag: { suspicious: boolean; restored: boolean };
  /** Ruled unfair to its staff member: out of their figures (and a staff filter's), still in the store's. */
  staffExcluded?: boolean;
}
export interface RawEvent {
  store: string;
  type: 'visit' | 'social';
  network: string | null;
  tracked: boolean;
  createdAt: Date;
}
export interface RawShift {
  store: string;
  staff: string;
  start: Date;
  end: Date;
}
export interface RawWorld {
  stores: Array<{ _id: string; name: string; timeZone: string; deleted: boolean }>;
  staff: Array<{ _id: string; name: string; deleted: boolean }>;
  ratings: RawRating[];
  events: RawEvent[];
  shifts: RawShift[];
}

export type Preset =
  'today' | 'yesterday' | 'last7' | 'last30' | 'thisMonth' | 'lastMonth' | 'last90' | 'custom';
export interface RefFilter {
  period: Preset;
  from?: string;
  to?: string;
  stores?: string[];
  staff?: string;
  kind?: 'staff' | 'experience';
}

const days = new Map<string, string>();
/** The local day of an instant in a zone (memoised: the reference asks the same question many times). */
const day = (at: Date, zone: string) => {
  const key = `${at.getTime()}|${zone}`;
  let d = days.get(key);
  if (d === undefined) days.set(key, (d = DateTime.fromJSDate(at, { zone }).toFormat('yyyy-MM-dd')));
  return d;
};
const plus = (d: string, n: number) =>
  DateTime.fromISO(d, { zone: 'UTC' }).plus({ days: n }).toFormat('yyyy-MM-dd');

export function periodIn(f: RefFilter, zone: string, now: Date) {
  const today = day(now, zone);
  const first = `${today.slice(0, 7)}-01`;
  const ranges: Record<Preset, () => [string, string]> = {
    today: () => [today, today],
    yesterday: () => [plus(today, -1), plus(today, -1)],
    last7: () => [plus(today, -6), today],
    last30: () => [plus(today, -29), today],
    last90: () => [plus(today, -89), today],
    thisMonth: () => [first, today],
    lastMonth: () => [
      DateTime.fromISO(first, { zone: 'UTC' }).minus({ months: 1 }).toFormat('yyyy-MM-dd'),
      plus(first, -1),
    ],
    custom: () => [f.from!, f.to!],
  };
  const [from, to] = ranges[f.period]();
  let n = 0;
  for (let d = from; d <= to; d = plus(d, 1)) n++;
  return { cur: [from, to] as const, prev: [plus(from, -n), plus(from, -1)] as const, days: n };
}

type Which = 'cur' | 'prev';

export class Reference {
  constructor(
    private world: RawWorld,
    private f: RefFilter,
    private now: Date,
    private minSample: number,
  ) {}

  stores() {
    return this.world.stores.filter(
      (s) => !s.deleted && (!this.f.stores?.length || this.f.stores.includes(s._id)),
    );
  }

  private zoneOf(store: string) {
    return this.world.stores.find((s) => s._id === store)!.timeZone;
  }

  private periods = new Map<string, ReturnType<typeof periodIn>>();

  /** Is the instant in the store's current or previous period? */
  which(store: string, at: Date): Which | null {
    const z = this.zoneOf(store);
    let p = this.periods.get(z);
    if (!p) this.periods.set(z, (p = periodIn(this.f, z, this.now)));
    const d = day(at, z);
    if (d >= p.cur[0] && d <= p.cur[1]) return 'cur';
    if (d >= p.prev[0] && d <= p.prev[1]) return 'prev';
    return null;
  }

  private countedCache?: RawRating[];
  counted(): RawRating[] {
    const live = new Set(this.stores().map((s) => s._id));
    return (this.countedCache ??= this.world.ratings.filter(
      (r) => live.has(r.store) && (!r.flag.suspicious || r.flag.restored),
    ));
  }

  /** The filtered ratings of one period. */
  ratings(which: Which): RawRating[] {
    return this.counted().filter(
      (r) =>
        this.which(r.store, r.createdAt) === which &&
        (!this.f.staff || (r.staff === this.f.staff && !r.staffExcluded)) &&
        (!this.f.kind || r.kind === this.f.kind),
    );
  }

  events(type: 'visit' | 'social', which: Which): RawEvent[] {
    const live = new Set(this.stores().map((s) => s._id));
    return this.world.events.filter(
      (e) => e.type === type && e.tracked && live.has(e.store) && this.which(e.store, e.createdAt) === which,
    );
  }

  static avg(rs: Array<{ score: number }>) {
    return rs.length ? rs.reduce((s, r) => s + r.score, 0) / rs.length : null;
  }
  static csat(rs: Array<{ score: number }>) {
    return rs.length ? (rs.filter((r) => r.score >= 4).length / rs.length) * 100 : null;
  }

  /** Rows ranked as the product promises: adjusted = (sum + prior·m)/(n + m), n ≥ m ranked, equal scores share. */
  rankRows<T extends { id: string; list: RawRating[] }>(rows: T[]) {
    const all = rows.flatMap((r) => r.list);
    const prior = Reference.avg(all);
    const m = this.minSample;
    const scored = rows.map((r) => {
      const sum = r.list.reduce((s, x) => s + x.score, 0);
      return { ...r, adjusted: r.list.length ? (sum + prior! * m) / (r.list.length + m) : null };
    });
    const ranked = scored.filter((r) => r.list.length >= m).sort((a, b) => b.adjusted! - a.adjusted!);
    const ranks = new Map<string, number>();
    ranked.forEach((r) => ranks.set(r.id, 1 + ranked.filter((o) => o.adjusted! - r.adjusted! > 1e-9).length));
    return { prior, rows: scored.map((r) => ({ ...r, rank: ranks.get(r.id) ?? null })) };
  }

  /** Experience ratings given at the store while the person was on shift (start ≤ t < end). */
  shiftExperience(staff: string) {
    const shifts = this.world.shifts.filter((s) => s.staff === staff);
    return this.counted().filter(
      (r) =>
        r.kind === 'experience' &&
        shifts.some((s) => s.store === r.store && s.start <= r.createdAt && r.createdAt < s.end) &&
        this.which(r.store, r.createdAt) === 'cur',
    );
  }

  /** Local weekday × hour cells of the current period's filtered ratings. */
  heatmap() {
    const cells = new Map<string, { weekday: number; hour: number; scores: number[] }>();
    for (const r of this.ratings('cur')) {
      const t = DateTime.fromJSDate(r.createdAt, { zone: this.zoneOf(r.store) });
      const key = `${t.weekday}|${t.hour}`;
      const c = cells.get(key) ?? { weekday: t.weekday, hour: t.hour, scores: [] };
      c.scores.push(r.score);
      cells.set(key, c);
    }
    return [...cells.values()].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  }

  localDayOf(r: RawRating) {
    return day(r.createdAt, this.zoneOf(r.store));
  }
}
