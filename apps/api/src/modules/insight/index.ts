// Comment insight (language, sentiment, themes), computed in-process: the module's public surface.
export { analyseComment, languageOf, sentimentOf, type CommentInsight } from './insight.service';
export { discoverThemes, nearDuplicates, type DiscoveredTheme, type DiscoverOptions } from './discover';
export {
  buildVocabulary,
  defaultVocabulary,
  themesOf,
  type ThemeEntry,
  type ThemeVocabulary,
} from './themes';
export type { Sentiment, SentimentLabel } from './sentiment';
export type { DetectedLanguage } from './language';
