// The feedback timeline: newest first, one page per "Load more" (the API's cursor stays stable as new ratings arrive).
import {
  SENTIMENT_LABELS,
  type TSentimentLabel,
  type TTimelinePage,
  type TTimelineQuery,
} from '@cx/contracts';
import { tsr } from '@/lib/api-client';
import type { TDashboardFilters } from '@/lib/analytics/filters';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';

export const TIMELINE_PAGE_SIZE = 25;

/** The timeline's own filters, as query-string values. */
export type TTimelineExtras = {
  scores?: string;
  hasComment?: 'true';
  flagged?: TTimelineQuery['flagged'];
  outsideShift?: 'true';
  sentiment?: TSentimentLabel;
  /** A theme's shown name (or key): only comments mentioning it. */
  theme?: string;
};

export function readTimelineExtras(params: URLSearchParams): TTimelineExtras {
  const extras: TTimelineExtras = {};
  const scores = (params.get('scores') ?? '')
    .split(',')
    .filter((s) => /^[1-5]$/.test(s))
    .sort();
  if (scores.length > 0) extras.scores = [...new Set(scores)].join(',');
  if (params.get('hasComment') === 'true') extras.hasComment = 'true';
  const flagged = params.get('flagged');
  if (flagged === 'only' || flagged === 'include') extras.flagged = flagged;
  if (params.get('outsideShift') === 'true') extras.outsideShift = 'true';
  const sentiment = params.get('sentiment');
  if (SENTIMENT_LABELS.includes(sentiment as TSentimentLabel))
    extras.sentiment = sentiment as TSentimentLabel;
  const theme = params.get('theme')?.trim();
  if (theme && theme.length <= 80) extras.theme = theme;
  return extras;
}

export function useTimeline(filters: TDashboardFilters, extras: TTimelineExtras, enabled = true) {
  const query = { ...filters, ...extras };
  return tsr.analytics.timeline.useInfiniteQuery({
    queryKey: [...ANALYTICS_QUERY_KEY, 'timeline', query],
    queryData: ({ pageParam }) => ({
      query: {
        ...query,
        limit: TIMELINE_PAGE_SIZE,
        ...(typeof pageParam === 'string' && pageParam ? { cursor: pageParam } : {}),
      },
    }),
    initialPageParam: '',
    getNextPageParam: (last: { body: TTimelinePage }) => last.body.nextCursor ?? undefined,
    enabled,
  });
}
