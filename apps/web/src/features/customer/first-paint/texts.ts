// The strings the HTML's first paint draws, taken from the customer catalog at build time (one source for every text).
import type { TCatalogs, TMessageKey } from '../i18n/messages';

export const FIRST_PAINT_KEYS = [
  'title.rateStaff',
  'title.rateExperience',
  'common.skip',
  'common.continue',
  'common.anonymous',
  'staff.question',
  'staff.hint',
  'staff.offShift',
  'staff.none',
  'staff.rate',
  'experience.question',
  'experience.tapStar',
  'stars.option',
  'stars.1',
  'stars.2',
  'stars.3',
  'stars.4',
  'stars.5',
] as const satisfies readonly TMessageKey[];

/** Each language's catalog cut down to FIRST_PAINT_KEYS. */
export function firstPaintCatalogs(catalogs: TCatalogs): TCatalogs {
  const pick = (catalog: TCatalogs['en']) =>
    Object.fromEntries(FIRST_PAINT_KEYS.flatMap((k) => (catalog[k] === undefined ? [] : [[k, catalog[k]]])));
  return Object.fromEntries(Object.entries(catalogs).map(([lang, c]) => [lang, pick(c)])) as TCatalogs;
}
