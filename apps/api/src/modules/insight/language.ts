// English/Spanish detection: function-word, spelling and lexicon cues, with tinyld's n-gram model (restricted to
// the two languages) deciding when the cues are close; the cues also settle the one-word comments tinyld skips.
import type * as Tinyld from 'tinyld';
import { hasLetters, tokenize } from './text';

export type DetectedLanguage = 'en' | 'es' | 'und';

/** tinyld's n-gram model, loaded on the first comment the cues leave open (it costs ~0.1 s of CPU to load). */
let tinyld: typeof Tinyld | undefined;
const detectAll: typeof Tinyld.detectAll = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (tinyld ??= require('tinyld') as typeof Tinyld).detectAll(...args);

/** Short, frequent words that exist in one language only (so "no", "me", "a" are left out). */
const EN_CUES = new Set([
  'the',
  'and',
  'was',
  'is',
  'it',
  'i',
  'to',
  'of',
  'my',
  'very',
  'not',
  'but',
  'with',
  'for',
  'this',
  'at',
  'so',
  'in',
  'they',
  'we',
  'you',
  'were',
  'had',
  'have',
  'be',
  'just',
  'really',
  'great',
  'good',
  'thanks',
  'nice',
  'staff',
  'service',
  'always',
  'again',
  'too',
  'what',
  'all',
  'out',
  'on',
  'an',
  'our',
  'us',
  'her',
  'his',
]);
const ES_CUES = new Set([
  'el',
  'la',
  'los',
  'las',
  'de',
  'que',
  'y',
  'es',
  'muy',
  'con',
  'por',
  'para',
  'mi',
  'un',
  'una',
  'todo',
  'nada',
  'lo',
  'se',
  'pero',
  'está',
  'fue',
  'estaba',
  'del',
  'al',
  'gracias',
  'bien',
  'mal',
  'siempre',
  'más',
  'qué',
  'nos',
  'hay',
  'había',
  'tienda',
  'servicio',
  'atención',
  'muchas',
  'mucho',
  'sin',
  'ni',
  'nunca',
  'aquí',
  'esta',
]);
/** Letters and marks English never uses. */
const SPANISH_SPELLING = /[ñ¿¡áéíóú]/iu;

/** Anything that answers whether it holds a word (a lexicon's Map or a Set). */
export interface WordSet {
  has(word: string): boolean;
}

/** How much tinyld's confidence counts against one cue word. */
const MODEL_WEIGHT = 3;
/** A cue lead this large is taken as the answer without asking the model. */
const CLEAR_MARGIN = 3;

export function detectLanguage(text: string, knownWords?: { en: WordSet; es: WordSet }): DetectedLanguage {
  if (!hasLetters(text)) return 'und';
  let en = 0;
  let es = 0;
  for (const token of tokenize(text)) {
    if (token.kind !== 'word') continue;
    const w = token.value;
    if (EN_CUES.has(w) || /n't$/u.test(w)) en += 1;
    if (ES_CUES.has(w)) es += 1;
    if (SPANISH_SPELLING.test(w)) es += 1;
    // Sentiment words seen in only one language's lexicon decide one-word comments ("Genial", "Horrible" tie).
    if (knownWords) {
      const inEn = knownWords.en.has(w);
      const inEs = knownWords.es.has(w);
      if (inEn && !inEs) en += 0.5;
      if (inEs && !inEn) es += 0.5;
    }
  }
  // The n-gram model costs most of the time, so it is asked only when the cues leave the answer open.
  if (Math.abs(en - es) < CLEAR_MARGIN) {
    for (const guess of detectAll(text, { only: ['en', 'es'] })) {
      if (guess.lang === 'en') en += guess.accuracy * MODEL_WEIGHT;
      if (guess.lang === 'es') es += guess.accuracy * MODEL_WEIGHT;
    }
  }
  if (en === es) return 'und';
  return en > es ? 'en' : 'es';
}
