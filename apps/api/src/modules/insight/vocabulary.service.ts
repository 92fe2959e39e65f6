// A business's theme vocabulary: the matcher the insight reaction uses, and the read-side names, merges and hides.
import type { Types } from 'mongoose';
import { buildVocabulary, defaultVocabulary, type ThemeVocabulary } from './themes';
import { VocabularyModel, type VocabularyDoc } from './vocabulary.model';

type Id = Types.ObjectId | string;

/** How long a process reuses a business's matcher before reading the vocabulary again. */
export const MATCHER_TTL_MS = 60_000;
const matchers = new Map<string, { at: number; vocabulary: ThemeVocabulary }>();

export async function loadVocabulary(business: Id): Promise<VocabularyDoc | null> {
  return VocabularyModel.findOne({ business }).lean<VocabularyDoc>();
}

/**
 * What comments are matched against: the quick tags and the discovered phrases, each named by its key (renames and
 * merges are applied when reading, so changing them needs no recomputation).
 */
export function matcherOf(doc: Pick<VocabularyDoc, 'discovered'> | null): ThemeVocabulary {
  return doc?.discovered?.length ? buildVocabulary(doc.discovered) : defaultVocabulary();
}

export async function vocabularyFor(business: Id, now = Date.now()): Promise<ThemeVocabulary> {
  const cached = matchers.get(String(business));
  if (cached && now - cached.at < MATCHER_TTL_MS) return cached.vocabulary;
  const vocabulary = matcherOf(await loadVocabulary(business));
  matchers.set(String(business), { at: now, vocabulary });
  return vocabulary;
}

/** Forgets a business's cached matcher (after discovery stored new phrases). */
export const forgetVocabulary = (business: Id) => void matchers.delete(String(business));

export interface ThemeResolver {
  /** Every theme key of the vocabulary with its source. */
  keys: Array<{ key: string; source: 'tag' | 'discovered' }>;
  /** The key a theme counts under (its merge target, followed to the end), or the key itself. */
  canonical(key: string): string;
  /** The name shown for a theme key (the owner's name, else the key). */
  nameOf(key: string): string;
  hidden(key: string): boolean;
  mergedInto(key: string): string | null;
  /** Keys whose comments count under this canonical key (itself included). */
  membersOf(key: string): string[];
  /** A key given by key or by shown name (case-insensitive), if any. */
  find(keyOrName: string): string | undefined;
}

/** The read-side view of a vocabulary: names, merges (followed, never looping) and hidden themes. */
export function resolverOf(doc: Pick<VocabularyDoc, 'discovered' | 'settings'> | null): ThemeResolver {
  const keys: ThemeResolver['keys'] = defaultVocabulary().map((e) => ({ key: e.name, source: 'tag' }));
  const known = new Set(keys.map((k) => k.key));
  for (const d of doc?.discovered ?? []) {
    if (known.has(d.phrase)) continue;
    known.add(d.phrase);
    keys.push({ key: d.phrase, source: 'discovered' });
  }
  const settings = new Map((doc?.settings ?? []).map((s) => [s.key, s]));
  const canonical = (key: string): string => {
    let at = key;
    const seen = new Set([at]);
    for (;;) {
      const into = settings.get(at)?.mergedInto;
      if (!into || seen.has(into)) return at;
      seen.add(into);
      at = into;
    }
  };
  const nameOf = (key: string) => settings.get(key)?.name || key;
  return {
    keys,
    canonical,
    nameOf,
    hidden: (key) => Boolean(settings.get(canonical(key))?.hidden),
    mergedInto: (key) => settings.get(key)?.mergedInto ?? null,
    membersOf: (key) => [key, ...[...settings.keys()].filter((k) => k !== key && canonical(k) === key)],
    find: (keyOrName) => {
      if (known.has(keyOrName) || settings.has(keyOrName)) return keyOrName;
      const lower = keyOrName.toLowerCase();
      return [...known].find((k) => nameOf(k).toLowerCase() === lower || k.toLowerCase() === lower);
    },
  };
}

export async function resolverFor(business: Id): Promise<ThemeResolver> {
  return resolverOf(await loadVocabulary(business));
}

/** A comment's theme keys as shown: merged keys under their target's name, hidden ones left out, no repeats. */
export function shownThemes(keys: readonly string[], resolver: ThemeResolver): string[] {
  const names = keys
    .map((k) => resolver.canonical(k))
    .filter((k) => !resolver.hidden(k))
    .map((k) => resolver.nameOf(k));
  return [...new Set(names)];
}
