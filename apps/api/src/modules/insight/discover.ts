// Finding the recurring phrases of a set of comments: content words and adjacent pairs counted once per comment,
// lemmatised, with synonyms and Spanish forms of a known topic or quick tag counted under that one name.
import { createRequire } from 'node:module';
import { detectLanguage } from './language';
import { lexicons } from './lexicon';
import { keyedWords, type KeyedWord } from './normalise';
import { GENERIC_WORDS } from './themes.terms';
import { tagOfKey, topicOfKey } from './themes';
import { foldAccents } from './text';

export interface DiscoveredTheme {
  /** The theme's name: a quick tag, a known topic ("queue") or the phrase's lemma ("cold coffee"). */
  phrase: string;
  /** How many comments mention it. */
  count: number;
  kind: 'tag' | 'topic' | 'phrase';
}

export interface DiscoverOptions {
  /** A phrase must appear in at least this many comments (default 3). */
  minComments?: number;
  /** At most this many themes, most frequent first (default 30). */
  limit?: number;
}

const spanishStopWords = new Set(
  (createRequire(__filename)('stopwords-iso/stopwords-iso.json') as Record<string, string[]>).es?.map(
    foldAccents,
  ),
);

/** Valence from which a word is an opinion ("great", "horrible") rather than a topic. */
const OPINION_VALENCE = 2;

function isOpinion(word: KeyedWord): boolean {
  const { en, es } = lexicons();
  return [word.surface, word.lemma].some(
    (w) =>
      Math.abs(en.words.get(w) ?? 0) >= OPINION_VALENCE || Math.abs(es.words.get(w) ?? 0) >= OPINION_VALENCE,
  );
}

function isContent(word: KeyedWord): boolean {
  const folded = foldAccents(word.surface);
  return (
    !word.stopWord &&
    !word.properName &&
    folded.length >= 3 &&
    !/\d/u.test(folded) &&
    /\p{L}/u.test(folded) &&
    !spanishStopWords.has(folded) &&
    !GENERIC_WORDS.has(word.surface) &&
    !GENERIC_WORDS.has(word.lemma)
  );
}

/**
 * A theme of its own is a noun ("queue", "refund"); an adjective only inside a pair ("cold coffee"). Spanish has no
 * tagger here, so words with verb or adverb endings are dropped instead.
 */
function isTopicWord(word: KeyedWord, spanish: boolean, inPair: boolean): boolean {
  if (spanish)
    return !/(ó|aron|ieron|ar|er|ir|aba|aban|ía|ían|é|amos|ado|ido|mente|cho)$/u.test(word.surface);
  return word.pos === 'NOUN' || (inPair && word.pos === 'ADJ');
}

/** A known theme name for a word, when one of its keys is a tag's or topic's term. */
function knownTheme(word: KeyedWord): { name: string; kind: 'tag' | 'topic' } | undefined {
  for (const key of word.keys) {
    const topic = topicOfKey(key);
    if (topic) return { name: topic, kind: 'topic' };
    const tag = tagOfKey(key);
    if (tag) return { name: tag, kind: 'tag' };
  }
  return undefined;
}

export function discoverThemes(
  comments: readonly string[],
  options: DiscoverOptions = {},
): DiscoveredTheme[] {
  const { minComments = 3, limit = 30 } = options;
  const counts = new Map<string, DiscoveredTheme>();
  const add = (phrase: string, kind: DiscoveredTheme['kind'], seen: Set<string>): void => {
    if (seen.has(phrase)) return;
    seen.add(phrase);
    const entry = counts.get(phrase) ?? { phrase, count: 0, kind };
    entry.count += 1;
    counts.set(phrase, entry);
  };
  for (const text of comments) {
    const spanish = detectLanguage(text) === 'es';
    const words = keyedWords(text);
    const seen = new Set<string>();
    let previous: KeyedWord | undefined;
    for (const word of words) {
      const known = knownTheme(word);
      const content = isContent(word) && !isOpinion(word) && isTopicWord(word, spanish, false);
      const form = spanish ? word.stem : word.lemma;
      if (known) add(known.name, known.kind, seen);
      else if (content) add(form, 'phrase', seen);
      // Adjacent pairs ("cold coffee", "café frío") may hold a mild opinion word but no stop or generic word.
      if (
        previous &&
        isContent(previous) &&
        isContent(word) &&
        isTopicWord(previous, spanish, true) &&
        isTopicWord(word, spanish, false)
      ) {
        const pair = `${spanish ? previous.stem : previous.lemma} ${form}`;
        add(pair, 'phrase', seen);
      }
      previous = word;
    }
  }
  return [...counts.values()]
    .filter((t) => t.count >= minComments)
    .sort((a, b) => b.count - a.count || a.phrase.localeCompare(b.phrase))
    .slice(0, limit);
}
