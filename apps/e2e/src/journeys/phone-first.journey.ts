// Phone first (#36): a one-store manager on a 390 px phone opens the Snapshot and the Timeline on today's facts
// ("#2 of 3" in a chain of three, nobody else's name) with no select on the first screen, the filters behind one
// button with chips; the staff league shows every figure at 360 px without sideways scroll. 390 and 1280 px shots.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { callJson, rateAsCustomer } from './api';
import { settle, uniqueEmail, VIEWPORTS } from './auth-steps';
import { shootBoth } from './screens';

const NARROW = { width: 360, height: 780 };
const STORES = ['Harbour Roastery', 'Mill Lane Coffee', 'Station Kiosk'] as const;
const MINE = STORES[1];
/** Each store's ratings today: the manager's store comes second of three. */
const SCORES: Record<(typeof STORES)[number], number[]> = {
  'Harbour Roastery': [5, 5, 5, 5],
  'Mill Lane Coffee': [5, 4, 4, 4],
  'Station Kiosk': [3, 2, 3, 2],
};

type Ids = { stores: Record<string, string>; staff: Record<string, string> };

async function arrange(ctx: JourneyContext, owner: TestUser): Promise<Ids> {
  const call = (method: string, path: string, body?: unknown) =>
    callJson(ctx, method, path, body, owner.token);
  await call('PUT', '/analytics/settings', { minSample: 3 });
  const ids: Ids = { stores: {}, staff: {} };
  for (const name of STORES) {
    const { store } = (await call('POST', '/store/create', { name, timeZone: 'UTC' })) as {
      store: { _id: string };
    };
    ids.stores[name] = store._id;
    const { staff } = (await call('POST', '/staff/create', {
      name: `${name.split(' ')[0]} Barista`,
      role: 'Barista',
      stores: [store._id],
    })) as { staff: { _id: string } };
    ids.staff[name] = staff._id;
    for (const score of SCORES[name])
      await rateAsCustomer(ctx, { store: store._id, staff: staff._id, score });
  }
  // On shift all day today at the manager's store (UTC store, so "today" is the server's date).
  const today = new Date().toISOString().slice(0, 10);
  await call('POST', '/rota/shifts', {
    store: ids.stores[MINE],
    staff: ids.staff[MINE],
    date: today,
    start: '00:00',
    end: '23:59',
  });
  return ids;
}

/** The manager joins through the API (invitation mail → sign-up with its token), covering one store. */
async function manager(ctx: JourneyContext, owner: TestUser, storeId: string) {
  const email = uniqueEmail('phone-manager');
  await callJson(
    ctx,
    'POST',
    '/team/invitations',
    { email, role: 'manager', stores: [storeId] },
    owner.token,
  );
  const mail = await ctx.mailbox.waitFor(email, (m) => /accept-invitation\?token=/.test(m.text));
  const token = decodeURIComponent(/accept-invitation\?token=([\w.%-]+)/.exec(mail.text)![1]!);
  const res = (await callJson(ctx, 'POST', '/team/invitations/signup', {
    token,
    fullname: 'Mila Manager',
    password: 'Phone-first-2026!',
  })) as { token: string; user: unknown };
  return { token: res.token, user: res.user };
}

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('section[aria-label="Today at a glance"][aria-busy="false"]').waitFor();
  await settle(page);
}

/** The first screen holds the facts (whole) and no select: the filters wait behind the button. */
async function firstScreenIsFacts(page: Page, what: string, filters = true) {
  const viewport = page.viewportSize()!;
  const strip = page.getByRole('region', { name: 'Today at a glance' });
  const box = (await strip.boundingBox())!;
  assert.ok(
    box.y + box.height <= viewport.height,
    `${what}: the facts fit the first screen (bottom ${box.y + box.height})`,
  );
  for (const label of [
    'Ratings today',
    'Average today',
    'Open complaints',
    'On shift now',
    'Rank in the chain',
  ])
    await strip.locator(`[data-fact="${label}"]`).waitFor();
  const selects = await page.locator('select').evaluateAll(
    (els, h) =>
      els.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.top < h;
      }).length,
    viewport.height,
  );
  assert.equal(selects, 0, `${what}: no select on the first screen`);
  if (filters) await page.getByRole('button', { name: /^Filters/ }).waitFor();
}

/** No sideways page scroll, and every figure of every row inside the screen and shown. */
async function everyFigureShown(page: Page, table: string) {
  const result = await page.evaluate((name) => {
    const doc = document.documentElement;
    const rows = Array.from(document.querySelectorAll<HTMLElement>(`table[aria-label="${name}"] tbody tr`));
    const hidden: string[] = [];
    for (const row of rows)
      for (const cell of Array.from(row.querySelectorAll('td'))) {
        const r = cell.getBoundingClientRect();
        const style = getComputedStyle(cell);
        if (r.width === 0 || r.left < 0 || r.right > window.innerWidth || style.visibility === 'hidden')
          hidden.push(`${cell.textContent} (${Math.round(r.left)}–${Math.round(r.right)})`);
        if (cell.scrollWidth > cell.clientWidth + 1) hidden.push(`${cell.textContent} clipped`);
      }
    return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, rows: rows.length, hidden };
  }, table);
  assert.ok(result.rows > 0, `${table}: rows shown`);
  assert.ok(
    result.scrollWidth <= result.clientWidth,
    `${table}: no sideways scroll (${result.scrollWidth} > ${result.clientWidth})`,
  );
  assert.deepEqual(result.hidden, [], `${table}: every figure visible at ${page.viewportSize()!.width} px`);
}

export const journey: Journey = {
  name: 'phone-first: facts first, filters behind a button, stacked tables',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Olive Owner' });
    const ids = await arrange(ctx, owner);
    const mgr = await manager(ctx, owner, ids.stores[MINE]!);
    const page = await ctx.newPage(VIEWPORTS.mobile);
    await page.goto('/');
    await page.evaluate(
      ([token, json]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', json);
      },
      [mgr.token, JSON.stringify(mgr.user)] as const,
    );

    // 1. Snapshot: facts first, "#2 of 3", no other store named, no select on the first screen.
    await open(page, '/dashboard', 'Snapshot');
    await firstScreenIsFacts(page, 'Snapshot');
    const strip = page.getByRole('region', { name: 'Today at a glance' });
    assert.match(await strip.locator('[data-fact="Rank in the chain"]').innerText(), /#2 of 3/);
    assert.match(await strip.locator('[data-fact="Ratings today"]').innerText(), /^Ratings today\s+4\b/);
    assert.match(await strip.locator('[data-fact="On shift now"]').innerText(), /Mill Barista/);
    const text = await page.locator('main').innerText();
    for (const other of [STORES[0], STORES[2]])
      assert.ok(!text.includes(other), `${other} is not named to the manager`);
    await shootBoth(ctx, page, 'phone-snapshot', VIEWPORTS.mobile);
    // On a desktop (no facts strip) the stores panel gives the same place in the chain.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page
      .getByRole('region', { name: 'Stores ranked' })
      .getByText(/^#2 of 3$/)
      .waitFor();
    await page.setViewportSize(VIEWPORTS.mobile);

    // 2. The filters sheet: period chosen there becomes a removable chip; no store picker for one store.
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Period' }).selectOption('last7');
    assert.equal(
      await sheet.getByRole('combobox', { name: 'Store' }).count(),
      0,
      'no store picker for one store',
    );
    await ctx.screenshot(page, 'phone-filters-sheet-390');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    const chip = page.getByRole('button', { name: 'Last 7 days (remove filter)' });
    await chip.waitFor();
    await chip.click();
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    assert.ok(!page.url().includes('period='), 'removing the chip clears the period');

    // 3. Timeline: facts before the first comment, no select.
    await open(page, '/customers-feedback', 'CX Feedback Timeline');
    await firstScreenIsFacts(page, 'Timeline');
    const first = (await page
      .getByRole('list', { name: 'Feedback timeline' })
      .getByRole('listitem')
      .first()
      .boundingBox())!;
    assert.ok(
      first.y < VIEWPORTS.mobile.height,
      `the first rating starts on the first screen (at ${first.y})`,
    );
    await shootBoth(ctx, page, 'phone-timeline', VIEWPORTS.mobile);

    // 4. The other figure pages open on the facts too; Overview's table stacks; one store: no store picker anywhere.
    await open(page, '/overview', 'Overview');
    await firstScreenIsFacts(page, 'Overview');
    await page.getByRole('button', { name: 'Show as table' }).click();
    await shootBoth(ctx, page, 'phone-overview', VIEWPORTS.mobile);
    await open(page, '/staff-on-shift', 'Staff on Shift');
    await firstScreenIsFacts(page, 'Staff on Shift', false);
    await shootBoth(ctx, page, 'phone-staff-on-shift', VIEWPORTS.mobile);
    for (const [path, title] of [
      ['/rota', 'Rota'],
      ['/manage-staff', 'Manage Staff'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await settle(page);
      assert.equal(
        await page.getByRole('combobox', { name: 'Store' }).count(),
        0,
        `${title}: no store picker`,
      );
    }
    await shootBoth(ctx, page, 'phone-manage-staff', VIEWPORTS.mobile);

    // 5. Staff league at 360 px: every column's figure visible, no sideways scroll; store league the same.
    await page.setViewportSize(NARROW);
    await open(page, '/staff-performance', 'Staff League Table');
    await everyFigureShown(page, 'Staff league table');
    await ctx.screenshot(page, 'phone-staff-league-360');
    await shootBoth(ctx, page, 'phone-staff-league', NARROW);
    await open(page, '/store-performance', 'Store League Table');
    await everyFigureShown(page, 'Store league table');
    await shootBoth(ctx, page, 'phone-store-league', NARROW);
  },
};
