// t() for the customer pages: the browser's language (English by default) over the full catalog.
import { useEffect, useMemo } from 'react';
import { CATALOGS, type TLanguage } from './messages';
import { browserLanguages, pickLanguageOf, translatorOf, type TTranslate } from './translate';

export type { TTranslate };

export const pickLanguage = (preferred: readonly string[] | undefined): TLanguage =>
  pickLanguageOf(preferred, CATALOGS);

export const translator = (language: TLanguage): TTranslate => translatorOf(CATALOGS, language);

/** t() for the customer pages; also sets <html lang> so screen readers pronounce the page in the right language. */
export function useT(): { t: TTranslate; language: TLanguage } {
  const language = useMemo(() => pickLanguage(browserLanguages()), []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return useMemo(() => ({ t: translator(language), language }), [language]);
}
