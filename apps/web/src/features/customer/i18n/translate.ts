// Language choice and {param} formatting over any catalog, without React: shared by the app and the HTML's first paint.
import type { TCatalogs, TLanguage, TMessageKey } from './messages';

export type TTranslate = (key: TMessageKey, params?: Record<string, string | number>) => string;
export type { TCatalogs };
/** The first of the browser's preferred languages there is a catalog for, by primary subtag ("es-MX" → "es"). */
export function pickLanguageOf(preferred: readonly string[] | undefined, catalogs: TCatalogs): TLanguage {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary && primary in catalogs) return primary as TLanguage;
  }
  return 'en';
}

export function translatorOf(catalogs: TCatalogs, language: TLanguage): TTranslate {
  const catalog = catalogs[language];
  return (key, params) => {
    const text = catalog[key] ?? catalogs.en[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;
  };
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
