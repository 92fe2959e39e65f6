// /customers-feedback (CX Feedback Timeline): every rating of the period newest first, filtered, exportable; and the
// review of flagged ratings below it.
import { Box } from '@chakra-ui/react';
import { CsvDownloadButton } from '@/components/analytics/CsvDownloadButton';
import { InvalidPeriod } from '@/components/analytics/EmptyStates';
import { FilterBar } from '@/components/analytics/FilterBar';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useDashboardFilters } from '@/lib/analytics/filters';
import { readTimelineExtras, useTimeline } from '../api/timeline';
import { FlaggedRatingsPanel } from '../components/FlaggedRatingsPanel';
import { Timeline } from '../components/Timeline';
import { timelineChips, TimelineFilters } from '../components/TimelineFilters';

export function FeedbackTimelinePage() {
  const { filters, isValid, params, update } = useDashboardFilters();
  const extras = readTimelineExtras(params);
  const timeline = useTimeline(filters, extras, isValid);
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={paths.business.customersFeedback.title}
        description="Every piece of customer feedback, newest first, in each store's local time."
        actions={
          <CsvDownloadButton
            table="timeline"
            query={{ ...filters, ...extras }}
            what="the feedback timeline"
            disabled={!isValid}
          />
        }
      />
      <FilterBar chips={timelineChips(extras)}>
        <TimelineFilters extras={extras} update={update} />
      </FilterBar>
      <Box aria-busy={timeline.isFetching}>
        {isValid ? (
          <Timeline
            timeline={timeline}
            theme={extras.theme}
            // A chip toggles its theme: pressing the active one clears the filter.
            onTheme={(theme) => update({ theme: theme === extras.theme ? undefined : theme })}
          />
        ) : (
          <InvalidPeriod />
        )}
      </Box>
      <FlaggedRatingsPanel />
    </Box>
  );
}
