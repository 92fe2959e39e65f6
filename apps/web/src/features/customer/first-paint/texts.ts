// The strings the HTML's first paint draws (the QR targets and the rating step they open), taken from the customer
// catalog at build time (one source for every text).
import { DEFAULT_CHIPS } from '@cx/contracts/customer';
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
  'rateStaff.question',
  'experience.details',
  'stars.legend',
  'stars.choose',
  'stars.required',
  'tags.legend',
  'tags.legendBad',
  'contact.legend',
  'contact.want',
  'contact.anonymous',
  'comment.label',
  'comment.count',
  'comment.tooLong',
  'submit.send',
  'submit.sending',
  ...[
    ...DEFAULT_CHIPS.staff.good,
    ...DEFAULT_CHIPS.staff.bad,
    ...DEFAULT_CHIPS.experience.good,
    ...DEFAULT_CHIPS.experience.bad,
  ].map((tag) => `tag.${tag}` as TMessageKey),
] as const satisfies readonly TMessageKey[];

/** Each language's catalog cut down to FIRST_PAINT_KEYS. */
export function firstPaintCatalogs(catalogs: TCatalogs): TCatalogs {
  const pick = (catalog: TCatalogs['en']) =>
    Object.fromEntries(FIRST_PAINT_KEYS.flatMap((k) => (catalog[k] === undefined ? [] : [[k, catalog[k]]])));
  return Object.fromEntries(Object.entries(catalogs).map(([lang, c]) => [lang, pick(c)])) as TCatalogs;
}
