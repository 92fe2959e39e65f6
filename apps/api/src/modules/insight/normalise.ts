// Word keys for theme matching: every word gets its accent-folded form, its English lemma (wink-nlp's
// lite English model) and its Spanish singular/masculine stem, so "queues", "waited", "colas", "sucias" meet
// the vocabulary's "queue", "wait", "cola", "sucio" whichever language the comment is in.
import type winkNLP from 'wink-nlp';
import type { ItemSentence, ItemToken, WinkMethods } from 'wink-nlp';
import type model from 'wink-eng-lite-web-model';
import { foldAccents, unElongate } from './text';

let nlp: WinkMethods | undefined;

/** wink-nlp with only sentence splitting and part-of-speech tagging: all the lemmatiser needs. */
function winkOnce(): WinkMethods {
  // Loaded with the first comment, not with the app (most requests and most test files never lemmatise a word).
  /* eslint-disable @typescript-eslint/no-require-imports */
  nlp ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model') as typeof model, [
    'sbd',
    'pos',
  ]);
  /* eslint-enable @typescript-eslint/no-require-imports */
  return nlp;
}

/**
 * Spanish singular/masculine keys: "sucias" → "sucio", "lentísimos" → "lento", "colas" → "cola"; a plural in -es
 * gives both readings ("amables" → "amable" and "amabl", "precios" → "precio"), since which is right needs a dictionary.
 */
export function spanishStems(word: string): string[] {
  const base = word.replace(/isim([oa])s?$/u, '$1');
  const singulars = [spanishSingular(base)];
  if (base.length > 4 && /[^aeiou]es$/u.test(base)) singulars.push(base.slice(0, -2));
  return singulars.map((w) => (w.length > 3 && w.endsWith('a') ? `${w.slice(0, -1)}o` : w));
}

/** Spanish singular without the gender step, the form a discovered phrase is shown in ("colas" → "cola"). */
export function spanishSingular(word: string): string {
  const w = word.replace(/isim([oa])s?$/u, '$1');
  return w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w;
}

/** One word of a comment as it appeared, with the keys it can be matched by. */
export interface KeyedWord {
  surface: string;
  keys: string[];
  /** The form a discovered phrase is counted under: the English lemma, or the Spanish singular. */
  lemma: string;
  stem: string;
  /** wink-nlp's flags: a stop word, or a capitalised word inside a sentence (often a person's name). */
  stopWord: boolean;
  properName: boolean;
  /** wink-nlp's universal part of speech (meaningful for English text only). */
  pos: string;
}

function keysOf(normal: string, lemma: string): string[] {
  const folded = foldAccents(normal);
  const keys = new Set([folded, lemma, ...spanishStems(folded), ...unElongate(folded)]);
  return [...keys];
}

/** The words of a text (punctuation, numbers and symbols dropped) with their matching keys. */
export function keyedWords(text: string): KeyedWord[] {
  const { its } = winkOnce();
  const doc = winkOnce().readDoc(text);
  const out: KeyedWord[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    sentence.tokens().each((token: ItemToken, index: number) => {
      const type = token.out(its.type);
      if (type !== 'word' && type !== 'emoji') return;
      const normal = token.out(its.normal);
      // wink-nlp's typings declare `its.lemma` with an extra parameter `out` does not accept; it works at run time.
      const lemma = foldAccents(token.out(its.lemma as unknown as typeof its.normal));
      out.push({
        surface: normal,
        lemma,
        stem: spanishSingular(normal),
        keys: type === 'emoji' ? [normal] : keysOf(normal, lemma),
        stopWord: token.out(its.stopWordFlag) as unknown as boolean,
        properName: index > 0 && token.out(its.case) === 'titleCase',
        pos: token.out(its.pos),
      });
    });
  });
  return out;
}

/** Keys of each word of a vocabulary term ("flat white" → [[flat…], [white…]]). */
export function termKeys(term: string): string[][] {
  return keyedWords(term).map((w) => w.keys);
}
