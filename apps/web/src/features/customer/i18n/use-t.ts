// Picks the customer's language from the browser (English by default) and formats catalog strings with {params}.
import { useEffect, useMemo } from 'react';
import { CATALOGS, type TLanguage, type TMessageKey } from './messages';

export type TTranslate = (key: TMessageKey, params?: Record<string, string | number>) => string;

/** The first of the browser's preferred languages we have a catalog for, by primary subtag ("es-MX" → "es"). */
export function pickLanguage(preferred: readonly string[] | undefined): TLanguage {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary && primary in CATALOGS) return primary as TLanguage;
  }
  return 'en';
}

export function translator(language: TLanguage): TTranslate {
  const catalog = CATALOGS[language];
  return (key, params) => {
    const text = catalog[key] ?? CATALOGS.en[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;
  };
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** t() for the customer pages; also sets <html lang> so screen readers pronounce the page in the right language. */
export function useT(): { t: TTranslate; language: TLanguage } {
  const language = useMemo(() => pickLanguage(browserLanguages()), []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return useMemo(() => ({ t: translator(language), language }), [language]);
}
