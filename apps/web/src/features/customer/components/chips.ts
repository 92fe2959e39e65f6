// Which chips a rating form shows: by score band (1–3★ "What went wrong?", else "What stood out?"), the business's own
// lists when it has them (shown as typed), else the product's (translated). Zod-free: shared with the first paint.
import { chipBandOf, DEFAULT_CHIPS, type TChipBand, type TChipLists } from '@cx/contracts/customer';
import type { TMessageKey } from '../i18n/messages';
import type { TTranslate } from '../i18n/translate';

export type TFormChips = { good: readonly string[]; bad: readonly string[]; translated: boolean };

export function chipsFor(store: { chips?: TChipLists }, kind: 'staff' | 'experience'): TFormChips {
  const lists = store.chips ?? DEFAULT_CHIPS;
  return { ...lists[kind], translated: !store.chips };
}

/** No star yet: the form opens on "What stood out?" as it always has. */
export const bandOf = (score: number | null): TChipBand => (score ? chipBandOf(score) : 'good');

export const chipLabel = (chips: TFormChips, tag: string, t: TTranslate): string =>
  chips.translated ? t(`tag.${tag}` as TMessageKey) : tag;

export const chipLegend = (band: TChipBand, t: TTranslate): string =>
  t(band === 'bad' ? 'tags.legendBad' : 'tags.legend');
