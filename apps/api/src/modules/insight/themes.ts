// Theme vocabulary (the quick tags plus phrases discovered in a business's comments) and matching a comment to it.
import { EXPERIENCE_TAGS, STAFF_TAGS } from '@cx/contracts';
import { keyedWords, termKeys, type KeyedWord } from './normalise';
import { BAD_TAG_THEMES, TAG_TERMS, TOPIC_TERMS } from './themes.terms';

/** One theme: the name shown to the owner and the words/phrases (any language) that mention it. */
export interface ThemeEntry {
  name: string;
  terms: string[];
}

export type ThemeVocabulary = readonly ThemeEntry[];

/** The quick tags, each with its English and Spanish terms; the name itself always counts as a term. */
export function defaultVocabulary(): ThemeVocabulary {
  defaults ??= [...new Set<string>([...STAFF_TAGS, ...EXPERIENCE_TAGS, ...BAD_TAG_THEMES])].map((name) => ({
    name,
    terms: [name, ...(TAG_TERMS[name] ?? [])],
  }));
  return defaults;
}
let defaults: ThemeEntry[] | undefined;

/** The known topic (e.g. "queue") whose terms include this word key, if any. */
export function topicOfKey(key: string): string | undefined {
  topicIndex ??= indexTerms(Object.entries(TOPIC_TERMS));
  return topicIndex.get(key);
}
let topicIndex: Map<string, string> | undefined;

/** The quick tag whose terms include this word key, if any. */
export function tagOfKey(key: string): string | undefined {
  tagIndex ??= indexTerms(defaultVocabulary().map((e) => [e.name, e.terms] as const));
  return tagIndex.get(key);
}
let tagIndex: Map<string, string> | undefined;

function indexTerms(entries: ReadonlyArray<readonly [string, readonly string[]]>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, terms] of entries) {
    for (const term of terms) {
      const words = termKeys(term);
      if (words.length !== 1) continue;
      for (const key of words[0] ?? []) if (!index.has(key)) index.set(key, name);
    }
  }
  return index;
}

/** The terms of a topic name, for a discovered phrase that turned out to be a known topic. */
export function topicTerms(name: string): string[] {
  return TOPIC_TERMS[name] ?? [];
}

/** Compiled form of a vocabulary: each term as a sequence of word-key sets. Cached per vocabulary array. */
const compiled = new WeakMap<ThemeVocabulary, Array<{ name: string; terms: Array<Array<Set<string>>> }>>();

function compile(vocabulary: ThemeVocabulary): Array<{ name: string; terms: Array<Array<Set<string>>> }> {
  let c = compiled.get(vocabulary);
  if (!c) {
    c = vocabulary.map((entry) => ({
      name: entry.name,
      terms: [entry.name, ...entry.terms]
        .map((t) => termKeys(t).map((keys) => new Set(keys)))
        .filter((t) => t.length > 0),
    }));
    compiled.set(vocabulary, c);
  }
  return c;
}

function matchesAt(words: KeyedWord[], start: number, term: Array<Set<string>>): boolean {
  if (start + term.length > words.length) return false;
  return term.every((keys, k) => (words[start + k]?.keys ?? []).some((key) => keys.has(key)));
}

/** The vocabulary entries a comment mentions, in vocabulary order. */
export function themesOf(text: string, vocabulary: ThemeVocabulary): string[] {
  const words = keyedWords(text);
  if (words.length === 0) return [];
  const found: string[] = [];
  for (const entry of compile(vocabulary)) {
    const hit = entry.terms.some((term) => words.some((_, i) => matchesAt(words, i, term)));
    if (hit) found.push(entry.name);
  }
  return found;
}

/**
 * The vocabulary a business's comments are matched against: the quick tags, then each discovered phrase
 * (a known topic brings its synonyms and Spanish forms along); `renames` maps a phrase to the owner's name for it.
 */
export function buildVocabulary(
  discovered: ReadonlyArray<{ phrase: string }>,
  renames: Readonly<Record<string, string>> = {},
): ThemeVocabulary {
  const entries: ThemeEntry[] = [...defaultVocabulary()];
  const byName = new Map(entries.map((e) => [e.name, e]));
  for (const { phrase } of discovered) {
    const name = renames[phrase] ?? phrase;
    const terms = [phrase, ...topicTerms(phrase)];
    const existing = byName.get(name);
    if (existing) {
      byName.set(name, { name, terms: [...existing.terms, ...terms] });
      entries[entries.indexOf(existing)] = byName.get(name) as ThemeEntry;
      continue;
    }
    const entry = { name, terms };
    byName.set(name, entry);
    entries.push(entry);
  }
  return entries;
}
