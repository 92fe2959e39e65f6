// The business's comment-theme vocabulary (names, merges, hidden), cached under the analytics key: any theme change
// or new rating refreshes it with the figures that use it.
import { tsr } from '@/lib/api-client';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export const THEME_VOCABULARY_KEY = [...ANALYTICS_QUERY_KEY, 'theme-vocabulary'] as const;

export function useThemeVocabulary(enabled = true) {
  return tsr.themes.listThemes.useQuery({ queryKey: THEME_VOCABULARY_KEY, enabled });
}
