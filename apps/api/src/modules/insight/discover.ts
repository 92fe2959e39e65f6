// Finding the recurring phrases of a set of comments: content words and adjacent pairs counted once per comment,
// lemmatised, with synonyms and Spanish forms of a known topic or quick tag counted under that one name.
import { createRequire } from 'node:module';
import { detectLanguage } from './language';
import { lexicons } from './lexicon';
import { keyedWords, type KeyedWord } from './normalise';
import { GENERIC_WORDS, NO_TOPIC_WORDS } from './themes.terms';
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

/** A word that names no topic in this comment's language ("hour", "area", "correcto"), whatever its tag says. */
function carriesNoTopic(word: KeyedWord, spanish: boolean): boolean {
  const words = NO_TOPIC_WORDS[spanish ? 'es' : 'en'];
  return [word.surface, word.lemma, foldAccents(word.surface), word.stem].some((w) => words.has(w));
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
      const topical = !carriesNoTopic(word, spanish);
      const content = topical && isContent(word) && !isOpinion(word) && isTopicWord(word, spanish, false);
      const form = spanish ? word.stem : word.lemma;
      if (known) add(known.name, known.kind, seen);
      else if (content) add(form, 'phrase', seen);
      // Adjacent pairs ("cold coffee", "café frío") may hold a mild opinion word but no stop or generic word; a pair
      // holding a known theme ("music playlist", "great music") is that theme, already counted above.
      if (
        previous &&
        topical &&
        !known &&
        !knownTheme(previous) &&
        !carriesNoTopic(previous, spanish) &&
        !isOpinion(previous) &&
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
  const recurring = [...counts.values()].filter((t) => t.count >= minComments);
  // A pair whose word is a theme of its own is a near-duplicate of it ("coffee machine" beside "machine"): every
  // comment with the pair already counts under the word, so the pair is dropped rather than listed twice.
  const single = new Set(recurring.filter((t) => !t.phrase.includes(' ')).map((t) => t.phrase));
  return recurring
    .filter((t) => !t.phrase.includes(' ') || !t.phrase.split(' ').some((w) => single.has(w)))
    .sort((a, b) => b.count - a.count || a.phrase.localeCompare(b.phrase))
    .slice(0, limit);
}

/**
 * Pairs of themes that read as one to a person: the same word after lemmas and accents, or one inside the other
 * ("music playlist" and "music"). The benchmark and the demo's test count them; discovery should leave none.
 */
export function nearDuplicates(names: readonly string[]): Array<[string, string]> {
  const words = (n: string) => keyedWords(n).map((w) => new Set(w.keys));
  const same = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));
  const pairs: Array<[string, string]> = [];
  names.forEach((a, i) => {
    for (const b of names.slice(i + 1)) {
      const [wa, wb] = [words(a), words(b)];
      const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
      if (short.length > 0 && short.every((w) => long.some((l) => same(w, l)))) pairs.push([a, b]);
    }
  });
  return pairs;
}
