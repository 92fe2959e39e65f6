// Dashboard-shaped test data as the analytics API sends it (snapshot, overview, league tables, timeline pages).
import type {
  TOverview,
  TResolvedPeriod,
  TSnapshot,
  TStaffLeague,
  TStaffLeagueRow,
  TStoreLeague,
  TStoreLeagueRow,
  TThemeEntry,
  TThemeReportRow,
  TThemesReport,
  TTimelineItem,
} from '@cx/contracts';

export const covent = { _id: '64b7f0c2a1b2c3d4e5f6a001', name: 'Covent Garden', image: null };
export const soho = { _id: '64b7f0c2a1b2c3d4e5f6a002', name: 'Soho', image: null };

export function periodFixture(overrides: Partial<TResolvedPeriod> = {}): TResolvedPeriod {
  return {
    preset: 'last30',
    from: '2025-05-03',
    to: '2025-06-01',
    days: 30,
    previousFrom: '2025-04-03',
    previousTo: '2025-05-02',
    timeZone: 'Europe/London',
    ...overrides,
  };
}

export const staffRef = (name: string, n: number) => ({
  _id: `64b7f0c2a1b2c3d4e5f6b${String(n).padStart(3, '0')}`,
  name,
  photo: null,
  active: true,
});

let itemSeq = 0;
export function timelineItem(overrides: Partial<TTimelineItem> = {}): TTimelineItem {
  itemSeq += 1;
  return {
    _id: `64b7f0c2a1b2c3d4e5f6c${String(itemSeq).padStart(3, '0')}`,
    kind: 'staff',
    store: { _id: covent._id, name: covent.name, timeZone: 'Europe/London' },
    staff: { _id: staffRef('Olivia Bennett', 1)._id, name: 'Olivia Bennett' },
    score: 5,
    comment: 'Lovely service',
    tags: ['Friendly'],
    createdAt: '2025-06-01T13:05:00.000Z',
    localTime: '2025-06-01 14:05',
    day: '2025-06-01',
    outsideShift: false,
    flagged: false,
    restored: false,
    sentiment: { label: 'positive', score: 0.62 },
    language: 'en',
    themes: [],
    shoutOut: null,
    ...overrides,
  };
}

export function snapshotFixture(overrides: Partial<TSnapshot> = {}): TSnapshot {
  return {
    period: periodFixture(),
    ratings: { value: 120, previous: 100, change: 20 },
    average: { value: 4.52, previous: 4.4, change: 0.12 },
    csat: { value: 88.3, previous: 90, change: -1.7 },
    visits: { value: 600, previous: 500, change: 100 },
    ratingRate: { value: 20, previous: 20, change: 0 },
    socialClicks: { value: 42, previous: null, change: null },
    bestStaff: { staff: staffRef('Olivia Bennett', 1), adjustedAverage: 4.71, average: 4.8, ratings: 40 },
    mostImproved: {
      staff: staffRef('Mia Chen', 2),
      average: 4.5,
      previousAverage: 3.9,
      change: 0.6,
      ratings: 22,
    },
    stores: [
      { rank: 1, store: covent, ratings: 80, average: 4.6, adjustedAverage: 4.58 },
      { rank: 2, store: soho, ratings: 40, average: 4.35, adjustedAverage: 4.38 },
    ],
    latestComments: [timelineItem({ comment: 'Olivia made our day' })],
    ...overrides,
  };
}

export function overviewFixture(overrides: Partial<TOverview> = {}): TOverview {
  return {
    period: periodFixture(),
    granularity: 'week',
    series: [
      { bucket: '2025-04-28', count: 10, average: 4.2, distribution: [0, 1, 1, 3, 5] },
      { bucket: '2025-05-05', count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
      { bucket: '2025-05-12', count: 4, average: 3.5, distribution: [1, 0, 1, 0, 2] },
    ],
    heatmap: [{ weekday: 1, hour: 9, count: 7, average: 4.43 }],
    split: { staff: { count: 9, average: 4.11 }, experience: { count: 5, average: 3.8 } },
    ...overrides,
  };
}

const figures = {
  distribution: [0, 0, 0, 0, 0] as [number, number, number, number, number],
  trend: { previousAverage: 4.5, change: 0.2 },
};

export function staffRow(name: string, n: number, overrides: Partial<TStaffLeagueRow> = {}): TStaffLeagueRow {
  return {
    ...figures,
    rank: n,
    ratings: 200,
    average: 4.8,
    adjustedAverage: 4.78,
    csat: 95,
    staff: staffRef(name, n),
    stores: [{ _id: covent._id, name: covent.name }],
    shiftExperience: { ratings: 31, average: 4.4 },
    ...overrides,
  };
}

export function staffLeagueFixture(overrides: Partial<TStaffLeague> = {}): TStaffLeague {
  return {
    period: periodFixture(),
    minSample: 10,
    priorMean: 4.5,
    ranked: [
      staffRow('Olivia Bennett', 1),
      staffRow('Mia Chen', 2, { ratings: 30, average: 4.6, adjustedAverage: 4.57 }),
      staffRow('Noah Patel', 3, { rank: 2, ratings: 25, average: 4.6, adjustedAverage: 4.57 }),
    ],
    notRanked: [staffRow('Sam Lee', 9, { rank: null, ratings: 2, average: 5, adjustedAverage: null })],
    ...overrides,
  };
}

export function storeRow(
  store: typeof covent,
  rank: number | null,
  overrides: Partial<TStoreLeagueRow> = {},
): TStoreLeagueRow {
  return {
    ...figures,
    rank,
    ratings: 80,
    average: 4.6,
    adjustedAverage: 4.58,
    csat: 90,
    store,
    visits: 400,
    ratingRate: 20,
    socialClicks: { total: 15, byNetwork: { googleReview: 12, instagram: 3, facebook: 0 } },
    ...overrides,
  };
}

export function storeLeagueFixture(overrides: Partial<TStoreLeague> = {}): TStoreLeague {
  return {
    period: periodFixture(),
    minSample: 10,
    priorMean: 4.5,
    ranked: [storeRow(covent, 1)],
    notRanked: [storeRow(soho, null, { ratings: 3, visits: 50, ratingRate: 6 })],
    ...overrides,
  };
}

export function themeRow(name: string, overrides: Partial<TThemeReportRow> = {}): TThemeReportRow {
  return {
    key: name,
    name,
    count: 12,
    previousCount: 8,
    sentiment: { positive: 2, neutral: 1, negative: 9 },
    stores: [{ _id: covent._id, name: covent.name, count: 12, previousCount: 8 }],
    examples: [],
    ...overrides,
  };
}

export function themesReportFixture(overrides: Partial<TThemesReport> = {}): TThemesReport {
  return { period: periodFixture(), themes: [], stores: [], ...overrides };
}

export function themeEntry(name: string, overrides: Partial<TThemeEntry> = {}): TThemeEntry {
  return {
    key: name,
    name,
    source: 'discovered',
    hidden: false,
    mergedInto: null,
    mergedFrom: [],
    count: 5,
    ...overrides,
  };
}
