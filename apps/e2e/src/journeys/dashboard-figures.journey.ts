// The demo account's five dashboard pages show the API's own figures for the same period; the period lives in the URL
// and redraws the charts; the CSV download holds the filtered rows; screenshots at 390 and 1280 px; axe on each page.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext } from '../harness';
import { VIEWPORTS, loginThroughDialog, settle } from './auth-steps';
import { pickFilter } from './filters';

// The web app's number formats (apps/web/src/lib/analytics/format.ts), restated so a formatting slip shows up here.
const count = (v: number | null) => (v === null ? '–' : new Intl.NumberFormat('en-GB').format(v));
const stars = (v: number | null) => (v === null ? '–' : v.toFixed(2));
const percent = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)}%`);

type TCompared = { value: number | null };
type TSnapshot = Record<'ratings' | 'average' | 'csat' | 'visits' | 'ratingRate' | 'socialClicks', TCompared>;
type TOverview = {
  series: { bucket: string; count: number }[];
  split: Record<'staff' | 'experience', { count: number; average: number | null }>;
};
type TLeagueRow = { rank: number | null; ratings: number; adjustedAverage: number | null };
type TStaffLeague = {
  ranked: (TLeagueRow & { staff: { name: string } })[];
  notRanked: unknown[];
  minSample: number;
};
type TStoreLeague = { ranked: (TLeagueRow & { store: { _id: string; name: string }; visits: number })[] };
type TTimeline = { items: { comment: string; store: { name: string } }[] };

function apiOf(ctx: JourneyContext, token: string) {
  const call = async (path: string, query: Record<string, string>): Promise<Response> => {
    const res = await fetch(
      `${ctx.apiUrl}/api/v1/analytics/${path}?${new URLSearchParams(query).toString()}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    assert.equal(
      res.status,
      200,
      `GET analytics/${path} answered ${res.status}: ${await res.clone().text()}`,
    );
    return res;
  };
  return {
    json: async <T>(path: string, query: Record<string, string>) =>
      (await (await call(path, query)).json()) as T,
    text: async (path: string, query: Record<string, string>) => (await call(path, query)).text(),
  };
}

/** Waits until a locator's text equals what the API's figure should read as (the page may still be redrawing). */
async function expectText(page: Page, testId: string, expected: string) {
  const locator = page.getByTestId(testId).first();
  await locator.waitFor();
  await page
    .waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === want,
      [testId, expected] as const,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  assert.equal(await locator.textContent(), expected, `${testId} shows the API's figure`);
}

async function shoot(ctx: JourneyContext, page: Page, name: string, width: number) {
  await settle(page, { dismissToasts: true });
  await ctx.screenshot(page, `${name}-${width}`);
}

async function snapshotPage(ctx: JourneyContext, page: Page, api: ReturnType<typeof apiOf>, width: number) {
  await page.goto('/dashboard?period=last30');
  const snap = await api.json<TSnapshot>('snapshot', { period: 'last30' });
  assert.ok((snap.ratings.value ?? 0) > 0, 'the demo business has ratings in the last 30 days');
  await expectText(page, 'kpi-ratings', `${count(snap.ratings.value)} ratings`);
  await expectText(page, 'kpi-average', `${stars(snap.average.value)} out of 5`);
  await expectText(page, 'kpi-csat', `${percent(snap.csat.value)} of ratings 4–5★`);
  await expectText(page, 'kpi-visits', `${count(snap.visits.value)} QR visits`);
  await expectText(page, 'kpi-ratingRate', `${percent(snap.ratingRate.value)} of visits`);
  await expectText(page, 'kpi-socialClicks', `${count(snap.socialClicks.value)} clicks`);
  await shoot(ctx, page, 'snapshot', width);

  // Changing the period writes it into the URL and redraws with that period's figures.
  await pickFilter(page, 'Period', 'last7');
  await page.waitForURL(/[?&]period=last7\b/);
  const week = await api.json<TSnapshot>('snapshot', { period: 'last7' });
  await expectText(page, 'kpi-ratings', `${count(week.ratings.value)} ratings`);
  await page.goBack();
  await page.waitForURL((url) => url.searchParams.get('period') === 'last30');
  await expectText(page, 'kpi-ratings', `${count(snap.ratings.value)} ratings`);
}

async function overviewPage(ctx: JourneyContext, page: Page, api: ReturnType<typeof apiOf>, width: number) {
  await page.goto('/overview?period=last90');
  const overview = await api.json<TOverview>('overview', { period: 'last90' });
  await expectText(page, 'split-staff-count', `${count(overview.split.staff.count)} ratings`);
  await expectText(page, 'split-experience-count', `${count(overview.split.experience.count)} ratings`);
  await expectText(page, 'split-staff-average', `Average ${stars(overview.split.staff.average)} out of 5`);
  // The chart library arrives lazily and draws one bar group per bucket.
  await page.locator('.recharts-surface').first().waitFor();
  await page.locator('.recharts-bar-rectangle path').first().waitFor();
  const bars90 = await page.locator('.recharts-bar-rectangle path').count();
  await shoot(ctx, page, 'overview', width);

  await pickFilter(page, 'Period', 'last7');
  await page.waitForURL(/[?&]period=last7\b/);
  const week = await api.json<TOverview>('overview', { period: 'last7' });
  await expectText(page, 'split-staff-count', `${count(week.split.staff.count)} ratings`);
  await page.getByRole('button', { name: 'Show as table' }).click();
  const rows = page.getByRole('table').first().locator('tbody tr');
  assert.equal(await rows.count(), week.series.length, 'one row per bucket of the new period');
  const firstCount = await rows.first().locator('td').nth(1).textContent();
  assert.equal(firstCount, count(week.series[0]?.count ?? 0));
  assert.ok(bars90 > 0, 'the 90-day chart drew bars');
}

async function downloadCsv(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  assert.match(download.suggestedFilename(), /\.csv$/);
  return readFile((await download.path())!, 'utf8');
}

async function leaguePages(ctx: JourneyContext, page: Page, api: ReturnType<typeof apiOf>, width: number) {
  await page.goto('/staff-performance?period=last30');
  const staff = await api.json<TStaffLeague>('staff-league', { period: 'last30' });
  assert.ok(staff.ranked.length > 0, 'the demo business has ranked staff');
  const table = page.getByRole('table', { name: 'Staff league table' });
  await table.waitFor();
  assert.equal(await table.getByTestId('staff-row').count(), staff.ranked.length);
  const top = table.getByTestId('staff-row').first().getByRole('cell');
  assert.match((await top.nth(1).textContent()) ?? '', new RegExp(staff.ranked[0]!.staff.name));
  assert.equal(await top.nth(2).textContent(), stars(staff.ranked[0]!.adjustedAverage));
  assert.equal(await top.nth(4).textContent(), count(staff.ranked[0]!.ratings));
  await shoot(ctx, page, 'staff-league', width);
  if (width > 1000) {
    const csv = await downloadCsv(page, 'Download CSV of the staff league table');
    assert.equal(csv, await api.text('export/staff', { period: 'last30', sort: 'rank', order: 'asc' }));
  }

  await page.goto('/store-performance?period=last30');
  const stores = await api.json<TStoreLeague>('store-league', { period: 'last30' });
  const storeTable = page.getByRole('table', { name: 'Store league table' });
  if (stores.ranked.length > 0) {
    await storeTable.waitFor();
    const cells = storeTable.getByTestId('store-row').first().getByRole('cell');
    assert.match((await cells.nth(1).textContent()) ?? '', new RegExp(stores.ranked[0]!.store.name));
    assert.equal(await cells.nth(2).textContent(), stars(stores.ranked[0]!.adjustedAverage));
    // visits, and the share of them rated beneath, in one column
    const top = stores.ranked[0]!;
    const rated = top.ratingRate === null ? '–' : `${percent(top.ratingRate)} rated`;
    assert.equal(await cells.nth(7).textContent(), `${count(top.visits)}${rated}`);
  }
  await shoot(ctx, page, 'store-league', width);
}

async function timelinePage(ctx: JourneyContext, page: Page, api: ReturnType<typeof apiOf>, width: number) {
  const stores = await api.json<TStoreLeague>('store-league', { period: 'last30' });
  const store = stores.ranked[0]?.store;
  assert.ok(store, 'the demo business has a ranked store');
  await page.goto('/customers-feedback?period=last30');
  await pickFilter(page, 'Store', store._id);
  await page.waitForURL((url) => url.searchParams.get('stores') === store._id);
  const filters = { period: 'last30', stores: store._id };
  const timeline = await api.json<TTimeline>('timeline', { ...filters, limit: '25' });
  const list = page.getByRole('list', { name: 'Feedback timeline' });
  await list.waitFor();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[aria-label="Feedback timeline"] > li').length === n,
    timeline.items.length,
  );
  for (const item of timeline.items.slice(0, 3)) assert.ok(item.store.name === store.name);
  await shoot(ctx, page, 'feedback-timeline', width);
  if (width > 1000) {
    // The file holds exactly the filtered rows the API exports for this store, and only this store's.
    const csv = await downloadCsv(page, 'Download CSV of the feedback timeline');
    assert.equal(csv, await api.text('export/timeline', filters));
    const rows = csv.trim().split('\n').slice(1);
    assert.ok(rows.length >= timeline.items.length, 'at least the rows on screen');
    assert.ok(
      rows.every((row) => row.includes(store.name)),
      'every row is of the chosen store',
    );
  }
}

export const journey: Journey = {
  name: 'dashboard pages show the API figures for the period',
  async run(ctx) {
    for (const viewport of Object.values(VIEWPORTS)) {
      const page = await ctx.newPage(viewport);
      await page.goto('/');
      await loginThroughDialog(page, ctx.demo.email, ctx.demo.password);
      const token = await page.evaluate(() => localStorage.getItem('token'));
      assert.ok(token, 'signed in');
      const api = apiOf(ctx, token);
      await snapshotPage(ctx, page, api, viewport.width);
      await overviewPage(ctx, page, api, viewport.width);
      await leaguePages(ctx, page, api, viewport.width);
      await timelinePage(ctx, page, api, viewport.width);
    }
  },
};
