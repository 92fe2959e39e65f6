// Lexicon sentiment in the manner of VADER: phrase and word valences, negation within the clause, boosters,
// "too"/"demasiado" turning praise into excess, and "but"/"pero" shifting weight to what follows.
import type { Lexicon } from './lexicon';
import type { Token } from './text';
import { unElongate } from './text';

export type SentimentLabel = 'negative' | 'neutral' | 'positive';

export interface Sentiment {
  label: SentimentLabel;
  /** -1 (most negative) … 1 (most positive), rounded to 3 decimals. */
  score: number;
}

/** How far back (in words, within a clause) a negator or booster reaches. */
const NEGATION_WINDOW = 4;
const BOOSTER_WINDOW = 2;
/** A negated word keeps part of its strength with the opposite sign ("not bad" is not "good"). */
const NEGATION_FACTOR = -0.75;
/** VADER's normalisation constant: sum / sqrt(sum² + ALPHA) maps any sum into (-1, 1). */
const ALPHA = 15;
/** |score| below this is neutral: one mild word ("fine", "está bien") does not make a comment positive. */
export const NEUTRAL_BAND = 0.3;

interface Hit {
  start: number;
  length: number;
  valence: number;
  /** A phrase that already contains its negation ("ni idea", "can't fault") is not negated again. */
  selfNegated: boolean;
}

function wordValence(word: string, lexicon: Lexicon): number | undefined {
  const direct = lexicon.words.get(word);
  if (direct !== undefined) return direct;
  for (const candidate of [...unElongate(word), ...lexicon.variants(word)]) {
    const v = lexicon.words.get(candidate);
    if (v !== undefined) return candidate.length < word.length && /ísim/u.test(word) ? v * 1.5 : v;
  }
  return undefined;
}

function phraseAt(tokens: Token[], i: number, lexicon: Lexicon): Hit | undefined {
  for (let n = Math.min(lexicon.maxPhraseLength, tokens.length - i); n >= 2; n--) {
    const slice = tokens.slice(i, i + n);
    if (slice.some((t) => t.kind !== 'word')) continue;
    const v = lexicon.phrases.get(slice.map((t) => t.value).join(' '));
    if (v !== undefined) {
      const first = slice[0]?.value ?? '';
      return { start: i, length: n, valence: v, selfNegated: isNegator(first, lexicon) };
    }
  }
  return undefined;
}

function isNegator(word: string, lexicon: Lexicon): boolean {
  return lexicon.negators.has(word) || lexicon.isNegator(word);
}

/** The valence-bearing words and phrases of a comment, left to right. */
function hitsOf(tokens: Token[], lexicon: Lexicon): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || token.kind === 'boundary') continue;
    const phrase = token.kind === 'word' ? phraseAt(tokens, i, lexicon) : undefined;
    if (phrase) {
      hits.push(phrase);
      i += phrase.length - 1;
      continue;
    }
    if (token.kind === 'word' && (isNegator(token.value, lexicon) || lexicon.boosters.has(token.value)))
      continue;
    const v = wordValence(token.value, lexicon);
    if (v !== undefined && v !== 0) hits.push({ start: i, length: 1, valence: v, selfNegated: false });
  }
  return hits;
}

/** Applies the negators, boosters and excess words found in the same clause just before a hit. */
function modulate(hit: Hit, tokens: Token[], lexicon: Lexicon): number {
  let v = hit.valence;
  let negated = false;
  for (let back = 1; back <= NEGATION_WINDOW; back++) {
    const t = tokens[hit.start - back];
    if (!t || t.kind === 'boundary' || lexicon.contrast.has(t.value)) break;
    if (t.kind !== 'word') continue;
    if (back <= BOOSTER_WINDOW) {
      const boost = lexicon.boosters.get(t.value);
      if (boost !== undefined) v *= 1 + boost;
      if (lexicon.excess.has(t.value)) v = -Math.abs(v) * 0.75;
    }
    if (!hit.selfNegated && isNegator(t.value, lexicon)) negated = true;
  }
  // "can't recommend them enough", "no puedo agradecer lo suficiente": the negation intensifies instead.
  if (negated && enoughFollows(hit, tokens)) return v * 1.5;
  return negated ? v * NEGATION_FACTOR : v;
}

function enoughFollows(hit: Hit, tokens: Token[]): boolean {
  for (let k = hit.start + hit.length; k < Math.min(tokens.length, hit.start + hit.length + 3); k++) {
    const t = tokens[k];
    if (!t || t.kind === 'boundary') return false;
    if (t.value === 'enough' || t.value === 'suficiente') return true;
  }
  return false;
}

export function scoreSentiment(tokens: Token[], lexicon: Lexicon): Sentiment & { hits: number } {
  const hits = hitsOf(tokens, lexicon);
  let lastContrast = -1;
  tokens.forEach((t, i) => {
    if (t.kind === 'word' && lexicon.contrast.has(t.value)) lastContrast = i;
  });
  let sum = 0;
  for (const hit of hits) {
    let v = modulate(hit, tokens, lexicon);
    if (lastContrast >= 0) v *= hit.start < lastContrast ? 0.5 : 1.5;
    sum += v;
  }
  const exclamations = tokens.filter((t) => t.value === '!').length;
  if (sum !== 0) sum += Math.sign(sum) * 0.3 * Math.min(exclamations, 3);
  const score = Math.round((sum / Math.sqrt(sum * sum + ALPHA)) * 1000) / 1000;
  const label: SentimentLabel =
    score >= NEUTRAL_BAND ? 'positive' : score <= -NEUTRAL_BAND ? 'negative' : 'neutral';
  return { label, score: score === 0 ? 0 : score, hits: hits.length };
}
