// Phones first: every dashboard page fits 360 and 390 px without sideways page scroll (wide tables stack or scroll in
// their own box); at 1280 px no table is clipped in its scroll box and no page title wraps. One sign-in visits every
// page at each width. The headers are 64 px tall on phones and 80 px at 1280×800, where the Login, plans and Profile
// dialogs are centred cards sized to their content.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { callJson } from './api';
import { chooseFromAccountMenu, dialog, openLoginDialog, settle, VIEWPORTS } from './auth-steps';
import { newDeviceId } from './device-ids';

/** The business pages (spec §2) with the heading each shows, and the three unguarded pages in the same layout. */
const PAGES: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/dashboard', 'Snapshot'],
  ['/overview', 'Overview'],
  ['/staff-on-shift', 'Staff on Shift'],
  ['/staff-performance', 'Staff League Table'],
  ['/store-performance', 'Store League Table'],
  ['/customers-feedback', 'CX Feedback Timeline'],
  ['/rota', 'Rota'],
  ['/interface-settings', 'Interface Settings'],
  ['/manage-staff', 'Manage Staff'],
  ['/manage-stores', 'Manage Stores'],
  ['/manage-stores/structure', 'Structure'],
  ['/manage-stores/brand', 'Brand'],
  ['/settings-and-notifications', 'Performance Notifications'],
  ['/settings-and-notifications/targets', 'Targets'],
  ['/my-subscription', 'My Subscription'],
  ['/team', 'Team'],
  ['/team/audit', 'Audit log'],
  ['/integrations', 'Integrations'],
  ['/comment-themes', 'Comment themes'],
  ['/interface-settings/chips', 'Rating chips'],
  ['/team/privacy', 'Privacy requests'],
  ['/cases', 'Cases'],
  ['/cases/settings', 'Case settings'],
  ['/payment-success', 'payment success'],
  ['/payment-failed', 'payment failed'],
  ['/user', 'User'],
  ['/products', 'Products'],
  ['/blog', 'Blog'],
];

// Long names on purpose: they are what pushes a table or a card wider than a phone.
const STORES = ['Kensington High Street Flagship', 'Manchester Piccadilly Gardens'];
const STAFF = [
  'Bartholomew Fitzgerald-Kensington',
  'Anastasia Papadopoulou',
  'Maximilian Oyelaran-Whitfield',
];
const MIN_SAMPLE = 10;

const call = async (ctx: JourneyContext, token: string | null, path: string, body: unknown) =>
  (await callJson(ctx, 'POST', path, body, token)) as Record<string, { _id: string }>;

/**
 * Two stores with targets, three staff, and enough ratings (through the public rating API) to rank two people and
 * both stores.
 * Answers the first person's id (their scorecard is one of the pages).
 */
async function arrangeBusiness(ctx: JourneyContext, user: TestUser): Promise<string> {
  const openingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    open: '08:00',
    close: '20:00',
    closed: false,
  }));
  const stores: string[] = [];
  for (const name of STORES) {
    const { store } = await call(ctx, user.token, '/store/create', {
      name,
      address: '1 Long Road Name Avenue, Somewhere Quite Far Away',
      timeZone: 'Europe/London',
      openingHours,
    });
    stores.push(store!._id);
  }
  // A target for every metric: the league table's Targets column then holds its widest content, four chips a store.
  const targets = { average: 4.5, happy: 80, volume: 50, staffRatings: 20 };
  for (const node of stores) {
    for (const [metric, value] of Object.entries(targets)) {
      await callJson(ctx, 'PUT', '/targets', { metric, node, value }, user.token);
    }
  }
  const staff: Array<{ id: string; store: string }> = [];
  for (const [i, name] of STAFF.entries()) {
    const store = stores[i % stores.length]!;
    const res = await call(ctx, user.token, '/staff/create', {
      name,
      role: 'Senior Sales Associate',
      stores: [store],
    });
    staff.push({ id: res.staff!._id, store });
  }
  let n = 0;
  const key = () => `mobile-fit-${user.id}-${(n += 1)}`;
  // Round by round, every subject in turn: all the ratings come from one network, where eight of one subject within
  // ten minutes that are most of the store's ratings there are a burst, flagged and left out of the league tables.
  const staffRatings = (i: number) => (i < 2 ? MIN_SAMPLE + 2 : 3);
  for (let r = 0; r < MIN_SAMPLE + 2; r++) {
    for (const [i, member] of staff.entries()) {
      if (r >= staffRatings(i)) continue;
      await call(ctx, null, '/feedback/visits', {
        store: member.store,
        idempotencyKey: key(),
        deviceId: await newDeviceId(ctx.apiUrl),
      });
      await call(ctx, null, '/feedback/staff-ratings', {
        store: member.store,
        staff: member.id,
        score: 3 + ((r + i) % 3),
        comment:
          r % 3 === 0 ? 'Went above and beyond to find the right size for a very particular customer.' : '',
        idempotencyKey: key(),
        deviceId: await newDeviceId(ctx.apiUrl),
      });
    }
    if (r > MIN_SAMPLE) continue;
    for (const store of stores) {
      await call(ctx, null, '/feedback/experience-ratings', {
        store,
        score: 2 + (r % 4),
        comment:
          r % 2 ? 'A supercalifragilisticexpialidocious-length comment-without-spaces-anywhere-in-it.' : '',
        idempotencyKey: key(),
        deviceId: await newDeviceId(ctx.apiUrl),
      });
    }
  }
  return staff[0]!.id;
}

/** Waits for the page heading and for its data: no spinner, skeleton or busy region left (at most 15 s). */
async function openPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  await page
    .waitForFunction(
      () => document.querySelectorAll('[aria-busy="true"], .chakra-spinner, .chakra-skeleton').length === 0,
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await settle(page, { dismissToasts: true });
}

/** The page's sideways overflow, with the outermost elements that stick out past the right edge, for the message. */
async function sidewaysOverflow(
  page: Page,
): Promise<{ scrollWidth: number; width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Only the outermost offender: a parent that already sticks out explains its children.
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 1) continue;
      const label =
        el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.className.toString();
      culprits.push(`${el.tagName.toLowerCase()}[${label.slice(0, 60)}] right=${Math.round(box.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits: culprits.slice(0, 6) };
  });
}

/** Spec §9: the header (business top bar or public header) is 64 px tall on phones and 80 px on desktop, border included. */
async function expectHeaderHeight(page: Page, expected: number): Promise<void> {
  const box = await page.locator('header').first().boundingBox();
  assert.ok(box, 'the header is on screen');
  assert.equal(
    box.height,
    expected,
    `the header of ${new URL(page.url()).pathname} at ${page.viewportSize()?.width} px`,
  );
}

/**
 * At a desktop width: tables clipped by their own scroll box (a column out of sight) and page titles that wrap, each
 * named for the message.
 */
async function desktopClipping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('main table'))) {
      if (table.getBoundingClientRect().width === 0) continue;
      let box: HTMLElement | null = table.parentElement;
      while (box && !/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (box && box.scrollWidth > box.clientWidth + 1) {
        const name = table.getAttribute('aria-label') ?? 'a table';
        found.push(`${name} is clipped (${box.scrollWidth} px in ${box.clientWidth} px)`);
      }
    }
    const h1 = document.querySelector<HTMLElement>('h1');
    if (h1) {
      const range = document.createRange();
      range.selectNodeContents(h1);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      if (lines > 1) found.push(`the title "${h1.textContent}" wraps onto ${lines} lines`);
    }
    return found;
  });
}

/** A derived figure's one-line explanation, opened from the keyboard (focus shows it, Escape hides it). */
async function showFigureHelp(ctx: JourneyContext, page: Page, width: number): Promise<void> {
  const help = page.getByRole('button', { name: 'What is CSAT?' }).first();
  await help.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const line = page.getByTestId('figure-help');
  await line.getByText('the share of ratings with 4 or 5 stars').waitFor();
  await settle(page);
  await ctx.screenshot(page, `figure-help-${width}`);
  await page.keyboard.press('Escape');
  await line.waitFor({ state: 'detached' });
}

const WIDTHS = [VIEWPORTS.mobile.width, 360, VIEWPORTS.desktop.width] as const;

/** One sign-in; each page is opened once and checked (and shot at 390 and 1280) at every width. */
async function checkEveryPage(ctx: JourneyContext, user: TestUser, staffId: string): Promise<string[]> {
  const page = await ctx.newPage(VIEWPORTS.mobile);
  await page.goto('/');
  await expectHeaderHeight(page, 64);
  await ctx.login(page, user);
  const problems: string[] = [];
  const pages = [...PAGES, [`/staff/${staffId}/scorecard`, 'Scorecard'] as const];
  for (const [path, title] of pages) {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openPage(page, path, title);
    if (path === '/dashboard') await expectHeaderHeight(page, 64);
    const shot = path.startsWith('/staff/') ? 'scorecard' : path.slice(1).replaceAll('/', '-');
    for (const width of WIDTHS) {
      const height = width === VIEWPORTS.desktop.width ? VIEWPORTS.desktop.height : VIEWPORTS.mobile.height;
      if (width !== VIEWPORTS.mobile.width) await page.setViewportSize({ width, height });
      await settle(page, { dismissToasts: true });
      const fit = await sidewaysOverflow(page);
      if (fit.scrollWidth > fit.width) {
        problems.push(`${path} at ${width} px is ${fit.scrollWidth} px wide: ${fit.culprits.join('; ')}`);
      }
      if (width === VIEWPORTS.desktop.width) {
        problems.push(...(await desktopClipping(page)).map((p) => `${path} at ${width} px: ${p}`));
      }
      if (width !== 360) await ctx.screenshot(page, `${shot}-${width}`);
      if (path === '/store-performance' && width !== 360) await showFigureHelp(ctx, page, width);
    }
  }
  return problems;
}

/** The dialog is a card: shorter than the window, with space above and below it, centred both ways. */
async function expectCentredCard(page: Page, title: string): Promise<void> {
  const box = await dialog(page, title).boundingBox();
  assert.ok(box, `the ${title} dialog is on screen`);
  const { width, height } = VIEWPORTS.desktop;
  assert.ok(
    box.height < height - 40,
    `${title} is ${Math.round(box.height)} px tall in an ${height} px window`,
  );
  assert.ok(
    box.width < width - 200,
    `${title} is a card, not the window's width (${Math.round(box.width)} px)`,
  );
  const above = box.y;
  const below = height - (box.y + box.height);
  assert.ok(above > 16 && below > 16, `${title} has space above (${above}) and below (${below})`);
  assert.ok(Math.abs(above - below) <= 2, `${title} is centred vertically (${above} above, ${below} below)`);
  assert.ok(Math.abs(box.x - (width - (box.x + box.width))) <= 2, `${title} is centred horizontally`);
}

async function checkDesktopDialogs(ctx: JourneyContext, user: TestUser): Promise<void> {
  // A visitor on an unguarded page of the business layout stays there (no signed-in call, so no 401 bounce to /).
  const visitor = await ctx.newPage(VIEWPORTS.desktop);
  await openPage(visitor, '/products', 'Products');
  await visitor.waitForTimeout(1000);
  assert.equal(new URL(visitor.url()).pathname, '/products');
  await visitor.goto('/');
  await expectHeaderHeight(visitor, 80);
  await openLoginDialog(visitor);
  await settle(visitor);
  await expectCentredCard(visitor, 'Login');
  await ctx.screenshot(visitor, 'login-dialog-1280');

  const page = await ctx.newPage(VIEWPORTS.desktop);
  await ctx.login(page, user);
  await openPage(page, '/dashboard', 'Snapshot');
  await expectHeaderHeight(page, 80);
  await ctx.screenshot(page, 'dashboard-1280');
  await page.getByRole('button', { name: 'Get Reviews' }).click();
  await dialog(page, 'Choose your plan').getByRole('button').last().waitFor();
  await settle(page);
  await expectCentredCard(page, 'Choose your plan');
  await ctx.screenshot(page, 'plans-dialog-1280');
  await page.keyboard.press('Escape');
  await dialog(page, 'Choose your plan').waitFor({ state: 'detached' });

  await chooseFromAccountMenu(page, 'Profile');
  await dialog(page, 'Profile').getByLabel('Full Name').waitFor();
  await settle(page);
  await expectCentredCard(page, 'Profile');
  await ctx.screenshot(page, 'profile-dialog-1280');
}

export const journey: Journey = {
  name: 'mobile fit: every page at 390, 360 and 1280 px, dialogs centred',
  async run(ctx) {
    const user = await ctx.createUser({ fullname: 'Wilhelmina Featherstonehaugh' });
    const staffId = await arrangeBusiness(ctx, user);
    const problems = await checkEveryPage(ctx, user, staffId);
    assert.deepEqual(problems, [], `pages do not fit:\n${problems.join('\n')}`);
    await checkDesktopDialogs(ctx, user);
  },
};
