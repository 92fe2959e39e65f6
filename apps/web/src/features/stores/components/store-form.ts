// The store form's values: defaults for a new store, the values of an existing one, and the payload sent to the API.
import {
  SOCIAL_LINK_KEYS,
  type TAreaSettingKey,
  type TSocialLinkKey,
  type TStore,
  type TStoreInput,
} from '@cx/contracts';

export type TOpeningRow = { day: number; open: string; close: string; closed: boolean };

export type TStoreFormValues = {
  name: string;
  address: string;
  timeZone: string;
  openingHours: TOpeningRow[];
  socialLinks: Record<TSocialLinkKey, string>;
  /** The settings taken from the store's area instead of its own values. */
  inherit: { timeZone: boolean; openingHours: boolean };
};

/** Monday first, as people read a week; `day` keeps JavaScript's numbering (0 = Sunday). */
export const WEEKDAYS = [
  { day: 1, label: 'Monday' },
  { day: 2, label: 'Tuesday' },
  { day: 3, label: 'Wednesday' },
  { day: 4, label: 'Thursday' },
  { day: 5, label: 'Friday' },
  { day: 6, label: 'Saturday' },
  { day: 0, label: 'Sunday' },
] as const;

export const SOCIAL_LINK_LABELS: Record<TSocialLinkKey, string> = {
  googleReview: 'Google review link',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tripadvisor: 'Tripadvisor',
  website: 'Website',
};

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, for the time zone suggestions. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

export function emptyStoreForm(): TStoreFormValues {
  return {
    name: '',
    address: '',
    timeZone: browserTimeZone(),
    openingHours: WEEKDAYS.map(({ day }) => ({ day, open: '09:00', close: '17:00', closed: day === 0 })),
    socialLinks: Object.fromEntries(SOCIAL_LINK_KEYS.map((k) => [k, ''])) as Record<TSocialLinkKey, string>,
    inherit: { timeZone: false, openingHours: false },
  };
}

export function storeToForm(store: TStore): TStoreFormValues {
  const base = emptyStoreForm();
  return {
    name: store.name,
    address: store.address,
    timeZone: store.timeZone,
    openingHours: WEEKDAYS.map(({ day }) => {
      const saved = store.openingHours.find((h) => h.day === day);
      return saved ? { ...saved } : { ...base.openingHours.find((h) => h.day === day)! };
    }),
    socialLinks: Object.fromEntries(SOCIAL_LINK_KEYS.map((k) => [k, store.socialLinks[k] ?? ''])) as Record<
      TSocialLinkKey,
      string
    >,
    inherit: {
      timeZone: store.inherited?.timeZone !== undefined,
      openingHours: store.inherited?.openingHours !== undefined,
    },
  };
}

/** The create/update body: an inherited setting is left out (the API then takes the area's). */
export function formToPayload(values: TStoreFormValues): TStoreInput {
  return {
    name: values.name,
    address: values.address,
    ...(values.inherit.timeZone ? {} : { timeZone: values.timeZone.trim() }),
    ...(values.inherit.openingHours ? {} : { openingHours: values.openingHours }),
    socialLinks: values.socialLinks,
  };
}

/** For an update: the settings the store hands back to its area. */
export function inheritedKeysOf(values: TStoreFormValues): TAreaSettingKey[] {
  return (['timeZone', 'openingHours'] as const).filter((k) => values.inherit[k]);
}

/** The week with every other day set to the hours (and closed flag) of the row at `index`. */
export function copyDayToAll(rows: TOpeningRow[], index: number): TOpeningRow[] {
  const from = rows[index];
  if (!from) return rows;
  return rows.map((row) => ({ ...row, open: from.open, close: from.close, closed: from.closed }));
}
