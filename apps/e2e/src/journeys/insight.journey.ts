// Comment insight on screen (#25): an owner's store gets six commented ratings through the public rating API; the
// Snapshot and Overview show "What customers talk about" (themes, trend, examples), the timeline shows sentiment and
// theme chips, a chip and the sentiment filter narrow it, and the Comment themes page renames and hides a theme, which
// the panel then follows. Screenshots at 390 and 1280 px (no sideways scroll on the phone).
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { postJson, rateAsCustomer } from './api';
import { VIEWPORTS, dialog } from './auth-steps';
import { shootBoth } from './screens';

const STORE = 'Insight Journey Café';
const STAFF = 'Marta Journey';
/** Each comment with its stars; the quick-tag themes they mention are Friendly, Great value, Quick service, Clean store. */
const COMMENTS: ReadonlyArray<[number, string]> = [
  [5, 'Marta was so friendly and the coffee was lovely!'],
  [5, 'Really friendly staff and fair prices.'],
  [2, 'Far too slow, we waited twenty minutes.'],
  [1, 'Slow service and the tables were dirty.'],
  [4, 'Spotless store and good value.'],
  [3, 'Coffee was fine, nothing special.'],
];
const PERIOD = 'last7';

type TThemes = { themes: Array<{ key: string; name: string; count: number }> };

/** A store with one staff member, and the six ratings as customers' phones send them (one device each). */
async function arrange(ctx: JourneyContext, owner: TestUser): Promise<void> {
  const openingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    open: '00:00',
    close: '23:59',
    closed: false,
  }));
  const { store } = (await postJson(
    ctx,
    '/store/create',
    { name: STORE, address: '1 Market Street, London', timeZone: 'Europe/London', openingHours },
    owner.token,
  )) as { store: { _id: string } };
  await postJson(ctx, '/staff/create', { name: STAFF, role: 'Barista', stores: [store._id] }, owner.token);
  for (const [score, comment] of COMMENTS) {
    await rateAsCustomer(ctx, { store: store._id, score, comment });
  }
}

/** Insight is computed on the durable path after each rating: wait until the report counts every theme. */
async function waitForThemes(ctx: JourneyContext, token: string): Promise<TThemes> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${ctx.apiUrl}/api/v1/analytics/themes?period=${PERIOD}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200, `themes answered ${res.status}: ${await res.clone().text()}`);
    const report = (await res.json()) as TThemes;
    const counts = Object.fromEntries(report.themes.map((t) => [t.name, t.count]));
    if (['Friendly', 'Great value', 'Quick service', 'Clean store'].every((n) => counts[n] === 2))
      return report;
    assert.ok(Date.now() < deadline, `themes never all counted: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function themesPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'What customers talk about' });
}

async function themeRow(page: Page, name: string): Promise<Locator> {
  const row = themesPanel(page)
    .getByRole('list', { name: 'Top themes' })
    .getByRole('listitem', { name, exact: true });
  await row.waitFor();
  return row;
}

async function panelOn(ctx: JourneyContext, page: Page, path: string, shot: string) {
  await page.goto(`${path}?period=${PERIOD}`);
  const friendly = await themeRow(page, 'Friendly');
  assert.match((await friendly.textContent()) ?? '', /2 mentions · ▲ new this period/);
  assert.match((await friendly.textContent()) ?? '', /2 positive · 0 neutral · 0 negative/);
  const examples = friendly.getByRole('list', { name: 'Example comments' }).getByRole('listitem');
  assert.equal(await examples.count(), 2, 'two example comments');
  const quick = await themeRow(page, 'Quick service');
  assert.match((await quick.textContent()) ?? '', /0 positive · 0 neutral · 2 negative/);
  await shootBoth(ctx, page, shot);
}

function timelineItems(page: Page): Locator {
  return page.getByRole('list', { name: 'Feedback timeline' }).locator(':scope > li');
}

async function expectItems(page: Page, n: number, why: string) {
  await page
    .waitForFunction(
      (want) => document.querySelectorAll('[aria-label="Feedback timeline"] > li').length === want,
      n,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  assert.equal(await timelineItems(page).count(), n, why);
}

async function timeline(ctx: JourneyContext, page: Page) {
  // From the panel: a theme opens the timeline filtered by it.
  await page.goto(`/dashboard?period=${PERIOD}`);
  await (await themeRow(page, 'Quick service')).getByRole('link', { name: 'Quick service' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/customers-feedback' && url.searchParams.get('theme') === 'Quick service',
  );
  await expectItems(page, 2, 'the two comments about speed');
  for (const item of await timelineItems(page).all()) {
    await item.getByText('Negative', { exact: true }).waitFor();
  }
  // A chip on a rating filters by its theme.
  await page.goto(`/customers-feedback?period=${PERIOD}`);
  await expectItems(page, COMMENTS.length, 'every rating');
  const marta = timelineItems(page).filter({ hasText: 'Marta was so friendly' });
  await marta.getByText('Shout-out for Marta Journey').waitFor();
  await marta.getByText('Positive', { exact: true }).waitFor();
  await shootBoth(ctx, page, 'timeline-chips');
  const dirty = timelineItems(page).filter({ hasText: 'tables were dirty' });
  await dirty.getByRole('button', { name: 'Theme Clean store: show comments about it' }).click();
  await page.waitForURL((url) => url.searchParams.get('theme') === 'Clean store');
  await expectItems(page, 2, 'the two comments about cleanliness');
  await page.getByRole('combobox', { name: 'Sentiment' }).selectOption('positive');
  await page.waitForURL((url) => url.searchParams.get('sentiment') === 'positive');
  await expectItems(page, 1, 'the one positive comment about cleanliness');
  await timelineItems(page).filter({ hasText: 'Spotless store and good value.' }).waitFor();
  await shootBoth(ctx, page, 'timeline-filtered');
}

async function themesPage(ctx: JourneyContext, page: Page) {
  await page.goto('/settings-and-notifications');
  await page.getByRole('link', { name: 'Comment themes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Comment themes' }).waitFor();
  const list = page.getByRole('list', { name: 'Themes' });
  await list.getByRole('listitem', { name: 'Quick service', exact: true }).waitFor();
  await list.getByRole('button', { name: 'Rename Quick service' }).click();
  const rename = dialog(page, 'Rename theme');
  await rename.getByRole('textbox', { name: 'Name' }).fill('Speed of service');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await rename.waitFor({ state: 'hidden' });
  await list.getByRole('listitem', { name: 'Speed of service', exact: true }).waitFor();
  await list.getByRole('button', { name: 'Hide Great value' }).click();
  await list
    .getByRole('listitem', { name: 'Great value', exact: true })
    .getByText('Hidden', { exact: true })
    .waitFor();
  await shootBoth(ctx, page, 'comment-themes');

  // The panel follows: the new name, and the hidden theme left out.
  await page.goto(`/dashboard?period=${PERIOD}`);
  await themeRow(page, 'Speed of service');
  const names = await themesPanel(page)
    .getByRole('list', { name: 'Top themes' })
    .locator(':scope > li')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')));
  assert.ok(!names.includes('Great value'), `a hidden theme is not listed: ${names.join(', ')}`);
  assert.ok(!names.includes('Quick service'), 'the old name is gone');
}

export const journey: Journey = {
  name: 'comment insight: themes panel, timeline chips and filters, comment themes page',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Iris Insight' });
    await arrange(ctx, owner);
    await waitForThemes(ctx, owner.token);
    const page = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(page, owner);
    await panelOn(ctx, page, '/dashboard', 'snapshot-themes');
    await panelOn(ctx, page, '/overview', 'overview-themes');
    await timeline(ctx, page);
    await themesPage(ctx, page);
  },
};
