// "What customers talk about" on the Snapshot and Overview: the period's most mentioned comment themes with their trend
// against the previous period, the sentiment of those comments and two examples each, then each store's own top themes.
import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TThemeReportRow } from '@cx/contracts';
import { Link as RouterLink } from 'react-router';
import { FilterLink } from '@/components/analytics/FilterLink';
import { QueryStates } from '@/components/LoadState';
import { paths } from '@/config/paths';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { formatFigure } from '@/lib/analytics/format';
import { useAccess } from '@/lib/role';
import { useThemesReport } from '../api/analytics';
import { Panel } from './SnapshotPanels';
import { ThemeExamples, ThemesByStore, ThemeTrend } from './ThemeParts';

// A mention is a comment about the theme or a tag the customer tapped for it.
const comments = (n: number) => `${formatFigure(n, 'count')} ${n === 1 ? 'mention' : 'mentions'}`;

function ThemeRow({ theme }: { theme: TThemeReportRow }) {
  const { positive, neutral, negative } = theme.sentiment;
  return (
    <Stack as="li" gap="1.5" pt="3" borderTopWidth="1px" aria-label={theme.name}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold">
          <FilterLink
            to={paths.business.customersFeedback.path}
            extra={{ theme: theme.name }}
          >
            {theme.name}
          </FilterLink>
        </Text>
        <Text fontSize="sm">
          {comments(theme.count)} · <ThemeTrend count={theme.count} previousCount={theme.previousCount} />
        </Text>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {positive} positive · {neutral} neutral · {negative} negative
      </Text>
      <ThemeExamples examples={theme.examples} />
    </Stack>
  );
}

export function ThemesPanel({ filters, enabled = true }: { filters: TDashboardFilters; enabled?: boolean }) {
  const report = useThemesReport(filters, enabled);
  const access = useAccess();
  const data = report.data?.body;
  return (
    <Box mt="6">
      <Panel id="customer-themes" title="What customers talk about">
        <Box aria-busy={report.isFetching}>
          <QueryStates
            query={report}
            loading={{ label: 'Loading comment themes', rows: 3, height: '16' }}
            what="comment themes"
            isEmpty={data?.themes.length === 0}
            empty={
              <Text color="fg.muted">
                No themes in this period’s comments yet. They appear as customers leave comments.
              </Text>
            }
          >
            {() => (
              <>
                <Text fontSize="sm" color="fg.muted">
                  The subjects customers mention most in their comments, against the previous period.
                </Text>
                <Stack as="ol" gap="3" listStyleType="none" mt="2" aria-label="Top themes">
                  {data!.themes.map((theme) => (
                    <ThemeRow key={theme.key} theme={theme} />
                  ))}
                </Stack>
                {data!.stores.length > 1 ? <ThemesByStore stores={data!.stores} /> : null}
              </>
            )}
          </QueryStates>
        </Box>
        {access.can('themes:manage') ? (
          <Text mt="4" fontSize="sm">
            <Link asChild colorPalette="brand" fontWeight="medium" textDecoration="underline">
              <RouterLink to={paths.business.commentThemes.path}>Rename, merge or hide themes</RouterLink>
            </Link>
          </Text>
        ) : null}
      </Panel>
    </Box>
  );
}
