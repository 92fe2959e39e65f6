// Settings areas pass down to their stores: each store's effective time zone, opening hours, rating interval and QR
// languages are worked out from its nearest area that sets each one (unless the store sets its own) and written onto
// the store, so the customer pages, the rating's day bucket, the rota and opening hours keep reading the store alone.
import {
  AREA_SETTING_KEYS,
  DEFAULT_MIN_RATING_INTERVAL_MINUTES,
  QR_PAGE_LANGUAGES,
  type TAreaSettingKey,
  type TAreaSettings,
  type TAreaSettingsInput,
  type TInheritedFrom,
} from '@cx/contracts';
import type { Types } from 'mongoose';
import { StoreModel, type StoreDoc } from '../modules/stores/store.model';
import { AreaModel, type AreaDoc } from './area.model';
import { BusinessModel } from './business.model';

type Settings = Required<TAreaSettings>;

/** What an area document sets, as the API shows it (absent keys are passed on from above). */
export function areaSettingsOf(area: Pick<AreaDoc, 'settings'>): TAreaSettings {
  const s = (area.settings ?? {}) as Partial<Settings>;
  const out: TAreaSettings = {};
  if (s.timeZone) out.timeZone = s.timeZone;
  if (Array.isArray(s.openingHours))
    out.openingHours = s.openingHours.map((h) => ({
      day: h.day,
      open: h.open,
      close: h.close,
      closed: !!h.closed,
    }));
  if (typeof s.minRatingIntervalMinutes === 'number')
    out.minRatingIntervalMinutes = s.minRatingIntervalMinutes;
  if (Array.isArray(s.languages) && s.languages.length) out.languages = [...s.languages];
  return out;
}

/** The `$set`/`$unset` of a settings change: a value sets it here, null stops setting it here. */
export function settingsUpdate(input: TAreaSettingsInput | undefined): {
  $set: Record<string, unknown>;
  $unset: Record<string, ''>;
} {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, ''> = {};
  for (const key of AREA_SETTING_KEYS) {
    const value = input?.[key];
    if (value === undefined) continue;
    if (value === null) $unset[`settings.${key}`] = '';
    else $set[`settings.${key}`] = value;
  }
  return { $set, $unset };
}

/** The defaults below the top area: the business's time zone, no hours, an hour between ratings, every language. */
async function defaultsOf(businessId: string): Promise<Settings> {
  const business = await BusinessModel.findById(businessId, { timeZone: 1 }).lean<{ timeZone?: string }>();
  return {
    timeZone: business?.timeZone || 'UTC',
    openingHours: [],
    minRatingIntervalMinutes: DEFAULT_MIN_RATING_INTERVAL_MINUTES,
    languages: [...QR_PAGE_LANGUAGES],
  };
}

/** For each setting, the value and the area that sets it, walking up from `areaId` (nearest first). */
function resolveFrom(
  areaId: Types.ObjectId | null | undefined,
  areas: Map<string, AreaDoc>,
  defaults: Settings,
): { values: Settings; from: Record<TAreaSettingKey, string | null> } {
  const area = areaId ? areas.get(String(areaId)) : undefined;
  const chain = area
    ? [area, ...[...(area.ancestors ?? [])].reverse().flatMap((id) => areas.get(String(id)) ?? [])]
    : [];
  const values = { ...defaults } as Settings;
  const from = Object.fromEntries(AREA_SETTING_KEYS.map((k) => [k, null])) as Record<
    TAreaSettingKey,
    string | null
  >;
  for (const key of AREA_SETTING_KEYS) {
    const setter = chain.find((a) => (areaSettingsOf(a) as Partial<Settings>)[key] !== undefined);
    if (!setter) continue;
    (values as Record<string, unknown>)[key] = (areaSettingsOf(setter) as Settings)[key];
    from[key] = String(setter._id);
  }
  return { values, from };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The store fields to write so it shows the settings it inherits (nothing when it already does). */
function storeChange(
  store: StoreDoc,
  resolved: ReturnType<typeof resolveFrom>,
): Record<string, unknown> | null {
  const inherits = (store.inherits ?? []) as TAreaSettingKey[];
  const $set: Record<string, unknown> = {};
  const inheritedFrom: TInheritedFrom = {};
  for (const key of inherits) {
    const value = resolved.values[key];
    if (!same((store as unknown as Record<string, unknown>)[key], value)) $set[key] = value;
    inheritedFrom[key] = resolved.from[key];
  }
  if (!same(store.inheritedFrom ?? {}, inheritedFrom)) $set.inheritedFrom = inheritedFrom;
  return Object.keys($set).length ? $set : null;
}

/**
 * Rewrites the inherited settings of the business's live stores matched by `filter` (all of them when absent) from
 * the tree as it is now: after an area's settings change, an area or store moves, or a store starts inheriting.
 * Writes only the stores whose values change, each as a direct edit of that store would. Returns how many changed.
 */
export async function applyAreaSettings(
  businessId: string,
  filter: { areas?: Types.ObjectId[]; stores?: Types.ObjectId[] } = {},
): Promise<number> {
  const match: Record<string, unknown> = {
    business: businessId,
    deletedAt: null,
    'inherits.0': { $exists: true },
  };
  if (filter.areas) match.area = { $in: filter.areas };
  if (filter.stores) match._id = { $in: filter.stores };
  const stores = await StoreModel.find(match).lean<StoreDoc[]>();
  if (stores.length === 0) return 0;
  const [areas, defaults] = await Promise.all([
    AreaModel.find({ business: businessId }).lean<AreaDoc[]>(),
    defaultsOf(businessId),
  ]);
  const byId = new Map(areas.map((a) => [String(a._id), a]));
  const writes = stores.flatMap((store) => {
    const $set = storeChange(store, resolveFrom(store.area, byId, defaults));
    return $set
      ? [{ updateOne: { filter: { _id: store._id, business: businessId }, update: { $set } } }]
      : [];
  });
  if (writes.length) await StoreModel.bulkWrite(writes);
  return writes.length;
}

/** The areas at and below `areaId` (for re-applying after that area's settings change or it moves). */
export async function subtreeAreaIds(businessId: string, areaId: Types.ObjectId): Promise<Types.ObjectId[]> {
  const below = await AreaModel.find({ business: businessId, ancestors: areaId }, { _id: 1 }).lean();
  return [areaId, ...below.map((a) => a._id as Types.ObjectId)];
}

/** Store DTO fields: where each inherited setting comes from. */
export function inheritedOf(store: Pick<StoreDoc, 'inherits' | 'inheritedFrom'>): TInheritedFrom {
  const from = (store.inheritedFrom ?? {}) as TInheritedFrom;
  const out: TInheritedFrom = {};
  for (const key of (store.inherits ?? []) as TAreaSettingKey[]) out[key] = from[key] ?? null;
  return out;
}

/** The settings a new store inherits: those its creator left out. */
export const inheritedKeys = (given: Partial<Record<TAreaSettingKey, unknown>>): TAreaSettingKey[] =>
  AREA_SETTING_KEYS.filter((key) => given[key] === undefined);
