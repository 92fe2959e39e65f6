// Tokenising and normalising customer comments for the insight engine (sentiment, language, themes).

/** One token of a comment: a lower-cased word, an emoji, or a clause boundary (punctuation). */
export interface Token {
  kind: 'word' | 'emoji' | 'boundary';
  value: string;
}

// Words keep inner apostrophes (didn't, I've); emoji are matched as pictographs; . , ! ? ; : break clauses.
const TOKEN_RE = /\p{Extended_Pictographic}|[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[.,!?;:]/gu;
const EMOJI_RE = /^\p{Extended_Pictographic}$/u;
const BOUNDARY_RE = /^[.,!?;:]$/;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN_RE)) {
    const value = m[0].replace(/’/g, "'");
    if (EMOJI_RE.test(value)) out.push({ kind: 'emoji', value });
    else if (BOUNDARY_RE.test(value)) out.push({ kind: 'boundary', value });
    else out.push({ kind: 'word', value });
  }
  return out;
}

/** "café" → "cafe": accents are dropped when matching themes, since customers often type without them. */
export function foldAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

/** "sloooow" → ["sloow", "slow"]: elongated words, tried in that order against a lexicon. */
export function unElongate(word: string): string[] {
  if (!/(\p{L})\1\1/u.test(word)) return [];
  return [word.replace(/(\p{L})\1{2,}/gu, '$1$1'), word.replace(/(\p{L})\1{2,}/gu, '$1')];
}

/** True when the text holds at least one letter (an emoji-only or empty comment has no language). */
export function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}
