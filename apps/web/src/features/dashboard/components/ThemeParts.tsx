// Pieces of the "What customers talk about" panel: a theme's trend against the previous period, its example comments,
// and each store's own top themes.
import { Badge, Box, Heading, Stack, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import type { TThemeExample, TThemesReport } from '@cx/contracts';
import { Stars } from '@/components/analytics/RatingCard';
import { formatFigure } from '@/lib/analytics/format';

/** '▲ up 4 (was 8)', '▼ down 3 (was 15)', '= same (was 8)'; a theme not mentioned before is 'new'. */
export function ThemeTrend({ count, previousCount }: { count: number; previousCount: number }) {
  const change = count - previousCount;
  const was = formatFigure(previousCount, 'count');
  const [arrow, words] =
    previousCount === 0 && count > 0
      ? ['▲', 'new this period']
      : change > 0
        ? ['▲', `up ${formatFigure(change, 'count')} (was ${was})`]
        : change < 0
          ? ['▼', `down ${formatFigure(-change, 'count')} (was ${was})`]
          : ['=', `same (was ${was})`];
  return (
    <Text as="span" fontSize="sm" color="fg.muted" whiteSpace="nowrap" data-testid="theme-trend">
      <span aria-hidden="true">{arrow} </span>
      {words}
      <VisuallyHidden> against the previous period</VisuallyHidden>
    </Text>
  );
}

export function ThemeExamples({ examples }: { examples: TThemeExample[] }) {
  if (examples.length === 0) return null;
  return (
    <Stack as="ul" gap="1.5" listStyleType="none" aria-label="Example comments">
      {examples.map((example) => (
        <Box as="li" key={example._id} ps="3" borderStartWidth="3px" borderColor="border.emphasized">
          <Text fontSize="sm" overflowWrap="anywhere">
            “{example.comment}”
          </Text>
          <Text fontSize="xs" color="fg.muted">
            <Stars score={example.score} /> {example.store.name}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/** Each store's most mentioned themes, as chips with their count and trend. */
export function ThemesByStore({ stores }: { stores: TThemesReport['stores'] }) {
  return (
    <Stack as="section" aria-labelledby="themes-by-store" gap="3" mt="5">
      <Heading as="h3" id="themes-by-store" size="sm">
        By store
      </Heading>
      {stores.map(({ store, themes }) => (
        <Box key={store._id}>
          <Text fontWeight="semibold" fontSize="sm" mb="1">
            {store.name}
          </Text>
          <Wrap as="ul" gap="1.5" listStyleType="none" aria-label={`Top themes at ${store.name}`}>
            {themes.map((theme) => (
              <Badge as="li" key={theme.key} variant="outline" size="md" whiteSpace="normal">
                {theme.name} · {formatFigure(theme.count, 'count')}{' '}
                <ThemeTrend count={theme.count} previousCount={theme.previousCount} />
              </Badge>
            ))}
          </Wrap>
        </Box>
      ))}
    </Stack>
  );
}
