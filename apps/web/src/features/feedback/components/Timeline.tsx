// The ratings of the period, newest first, with "Load more" fetching the next page by cursor; theme chips filter.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { NoRatings } from '@/components/analytics/EmptyStates';
import { PeriodNote } from '@/components/analytics/PeriodNote';
import { RatingCard } from '@/components/analytics/RatingCard';
import { QueryStates } from '@/components/LoadState';
import { OpenCaseButton } from '@/components/OpenCaseButton';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import type { useTimeline } from '../api/timeline';
import { ShoutOutToggle } from './ShoutOutToggle';

export function Timeline({
  timeline,
  theme,
  onTheme,
}: {
  timeline: ReturnType<typeof useTimeline>;
  /** The theme filter in force, and choosing one from a chip. */
  theme?: string;
  onTheme: (theme: string) => void;
}) {
  const loadMore = () =>
    void timeline.fetchNextPage().then((result) => {
      if (result.isError) toaster.create({ type: 'error', title: apiErrorMessage(result.error) });
    });
  return (
    <QueryStates
      query={timeline}
      loading={{ label: 'Loading the feedback timeline', rows: 4, height: '20' }}
      what="the feedback timeline"
    >
      {() => {
        const pages = timeline.data!.pages;
        const items = pages.flatMap((p) => p.body.items);
        const period = pages[0]!.body.period;
        if (items.length === 0)
          return (
            <>
              <PeriodNote period={period} compared={false} />
              <NoRatings description="No ratings match these filters. Share your QR code with customers, choose a longer period or clear a filter." />
            </>
          );
        return (
          <>
            <PeriodNote period={period} compared={false} />
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Feedback timeline">
              {items.map((item) => (
                <RatingCard
                  key={item._id}
                  item={item}
                  onTheme={onTheme}
                  activeTheme={theme}
                  actions={
                    <HStack gap="2" wrap="wrap">
                      <ShoutOutToggle item={item} />
                      <OpenCaseButton ratingId={item._id} />
                    </HStack>
                  }
                />
              ))}
            </Stack>
            <Stack align="center" mt="4" gap="2">
              <Text role="status" fontSize="sm" color="fg.muted">
                Showing {items.length} {items.length === 1 ? 'rating' : 'ratings'}
                {timeline.hasNextPage ? '' : ' (all of this period)'}
              </Text>
              {timeline.hasNextPage ? (
                <Button
                  variant="outline"
                  onClick={loadMore}
                  loading={timeline.isFetchingNextPage}
                  loadingText="Loading…"
                >
                  Load more
                </Button>
              ) : null}
            </Stack>
          </>
        );
      }}
    </QueryStates>
  );
}
