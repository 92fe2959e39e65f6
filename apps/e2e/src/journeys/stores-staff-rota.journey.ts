// A business sets up a store (with image), two staff and a shift now; /staff-on-shift shows exactly that person; with
// every interface off Select Store warns for 7 s; with one on it hands the device over to /rate-staff, storage cleared.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { VIEWPORTS, settle } from './auth-steps';
import { dayIn, hourIn, rotaDayLabel } from './zone-time';

const STORE = 'Journey Kiosk Store';
const ALL_OFF = 'All interfaces are disabled. Please enable at least one interface first.';
const REDIRECTING = 'Please wait, you are redirecting to the selected store.';
/** A 2×2 PNG for the store image upload. */
const STORE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAE0lEQVR4AWOUizrxnwEImBigAAAhfgJDujy/KwAAAABJRU5ErkJggg==',
  'base64',
);

/** A zone where it is now between 06:00 and 21:59, so a shift from an hour ago to two hours ahead stays on one day. */
function daytimeZone(now = new Date()): { zone: string; hour: number; day: string; label: string } {
  const zones = [
    'Europe/London',
    'America/New_York',
    'America/Los_Angeles',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Pacific/Auckland',
    'Asia/Dubai',
    'Pacific/Honolulu',
  ];
  for (const zone of zones) {
    const hour = hourIn(zone, now);
    if (hour >= 6 && hour <= 21) {
      const day = dayIn(zone, now);
      return { zone, hour, day, label: rotaDayLabel(day) };
    }
  }
  throw new Error('no daytime zone found');
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function createStore(page: Page, zone: string): Promise<void> {
  await open(page, '/manage-stores', 'Manage Stores');
  await page.getByText('No stores yet').waitFor();
  await page.getByRole('button', { name: 'Add store' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a store' });
  await dialog.waitFor();
  await dialog
    .getByLabel('Store image')
    .setInputFiles({ name: 'store.png', mimeType: 'image/png', buffer: STORE_PNG });
  await dialog.getByRole('textbox', { name: 'Store name' }).fill(STORE);
  await dialog.getByLabel('Address').fill('1 Journey Street');
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill(zone);
  await dialog.getByRole('textbox', { name: 'Website' }).fill('https://journey.example.com');
  await dialog.getByRole('button', { name: 'Create store' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const card = page.getByRole('row', { name: STORE, exact: true });
  await card.waitFor();
  const image = card.getByRole('img', { name: `${STORE} store` });
  await image.waitFor();
  // The uploaded picture really loads from the files endpoint.
  await page.waitForFunction((name) => {
    const img = document.querySelector<HTMLImageElement>(`img[alt="${name} store"]`);
    return Boolean(img?.complete && img.naturalWidth === 2);
  }, STORE);
}

async function addStaff(page: Page, name: string, role: string): Promise<void> {
  await page.getByRole('button', { name: 'Add staff member' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a staff member' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Role or position' }).fill(role);
  // One store: it is shown as fixed text (no one-card checkbox list) and the person is added there.
  await dialog.getByText(`Store: ${STORE}`, { exact: true }).waitFor();
  assert.equal(await dialog.getByRole('checkbox', { name: STORE }).count(), 0);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('listitem', { name }).waitFor();
}

async function openSelectStore(page: Page) {
  await page.getByRole('button', { name: 'Open a store for reviews' }).click();
  // It says first that this device becomes a kiosk.
  const confirm = page.getByRole('alertdialog', { name: 'Turn this device into a kiosk?' });
  await confirm.getByRole('button', { name: 'Yes, make this a kiosk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Store' });
  await dialog.getByText('Click on specific Store to Proceed').waitFor();
  return dialog;
}

async function screenshotsAt(
  ctx: JourneyContext,
  user: TestUser,
  viewport: { width: number; height: number },
) {
  const page = await ctx.newPage(viewport);
  await ctx.login(page, user);
  const w = viewport.width;
  for (const [path, title, name] of [
    ['/manage-stores', 'Manage Stores', 'manage-stores'],
    ['/manage-staff', 'Manage Staff', 'manage-staff'],
    ['/rota', 'Rota', 'rota'],
    ['/staff-on-shift', 'Staff on Shift', 'staff-on-shift'],
    ['/interface-settings', 'Interface Settings', 'interface-settings'],
  ] as const) {
    await open(page, path, title);
    await page
      .getByRole('status')
      .first()
      .waitFor({ state: 'detached', timeout: 10000 })
      .catch(() => undefined);
    await settle(page, { dismissToasts: true });
    if (name === 'rota' && w < 768) {
      // A phone shows the week as day sections (no grid scrolled sideways); today's is marked and fits the width.
      assert.equal(await page.locator('main table').count(), 0, `no rota grid at ${w} px`);
      const today = await page.locator('section[data-today]').boundingBox();
      assert.ok(
        today && today.x >= 0 && today.x + today.width <= viewport.width,
        `today's section fits ${w} px`,
      );
    } else if (name === 'rota') {
      // Wider screens keep the grid, opened scrolled to today's column.
      const today = await page.locator('th[data-today]').boundingBox();
      assert.ok(
        today && today.x >= 0 && today.x + today.width <= viewport.width,
        `today's column is in view at ${w} px`,
      );
    }
    await ctx.screenshot(page, `${name}-${w}`);
  }
  await open(page, '/manage-stores', 'Manage Stores');
  await page.getByRole('row', { name: STORE, exact: true }).getByRole('button', { name: /^Edit/ }).click();
  await page.getByRole('dialog', { name: `Edit ${STORE}` }).waitFor();
  await settle(page);
  await ctx.screenshot(page, `store-dialog-${w}`);
  await page.keyboard.press('Escape');
  await openSelectStore(page);
  await settle(page);
  await ctx.screenshot(page, `select-store-${w}`);
  await page.close();
}

export const journey: Journey = {
  name: 'stores, staff and rota: on shift now, interface toggles and the Select Store hand-over',
  async run(ctx) {
    const { zone, hour, label } = daytimeZone();
    const user = await ctx.createUser({ fullname: 'Sam Setup' });
    const page = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(page, user);

    await createStore(page, zone);

    await open(page, '/manage-staff', 'Manage Staff');
    await addStaff(page, 'Ava Onshift', 'Barista');
    await addStaff(page, 'Ben Offshift', 'Cashier');

    // Ava works from an hour ago to two hours from now, typed in the store's local time.
    await open(page, '/rota', 'Rota');
    await page.getByRole('button', { name: `Add shift for Ava Onshift on ${label}` }).click();
    const shiftDialog = page.getByRole('dialog', { name: 'Add shift' });
    await shiftDialog.getByLabel('Start').fill(hh(hour - 1));
    await shiftDialog.getByLabel('End').fill(hh(hour + 2));
    await shiftDialog.getByRole('button', { name: 'Add shift' }).click();
    await shiftDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('button', {
        name: `${hh(hour - 1)}–${hh(hour + 2)}, Ava Onshift, ${label}. Edit or move shift`,
      })
      .waitFor();
    // The same person cannot be booked twice: the refusal is shown in the dialog.
    await page.getByRole('button', { name: `Add shift for Ava Onshift on ${label}` }).click();
    await shiftDialog.getByLabel('Start').fill(hh(hour));
    await shiftDialog.getByLabel('End').fill(hh(hour + 1));
    await shiftDialog.getByRole('button', { name: 'Add shift' }).click();
    await shiftDialog
      .getByRole('alert')
      .getByText(/Ava Onshift already has a shift at Journey Kiosk Store/)
      .waitFor();
    await settle(page);
    await ctx.screenshot(page, 'rota-overlap-1280');
    await page.keyboard.press('Escape');

    await open(page, '/staff-on-shift', 'Staff on Shift');
    const onShift = page.getByRole('list', { name: `Staff on shift at ${STORE}` });
    await onShift.waitFor();
    const people = onShift.getByRole('listitem');
    assert.equal(await people.count(), 1, 'exactly one person is on shift');
    await people.first().getByText('Ava Onshift', { exact: true }).waitFor();
    assert.equal(await page.getByText('Ben Offshift').count(), 0);
    await onShift.getByText(`${hh(hour - 1)}–${hh(hour + 2)}`).waitFor();

    // Every interface off: the store is paused and Select Store refuses it with the 7-second warning.
    await open(page, '/interface-settings', 'Interface Settings');
    const card = page.getByRole('article', { name: `${STORE} interfaces` });
    for (const name of [/Rate staff/, /Rate the experience/, /Review and social links/]) {
      const toggle = card.getByRole('checkbox', { name });
      await toggle.locator('..').click();
      await page.waitForFunction((el) => !(el as HTMLInputElement).checked, await toggle.elementHandle());
    }
    await card.getByRole('alert').getByText(ALL_OFF).waitFor();
    await page.waitForLoadState('networkidle');

    const select = await openSelectStore(page);
    await select.getByRole('button', { name: STORE }).click();
    const warning = page.getByText(ALL_OFF).and(page.locator('[data-part="title"][data-scope="toast"]'));
    await warning.waitFor();
    const shownAt = Date.now();
    await settle(page);
    await ctx.screenshot(page, 'select-store-all-disabled-1280');
    await page.waitForTimeout(6000 - (Date.now() - shownAt));
    assert.equal(await warning.isVisible(), true, 'the warning is still shown after 6 s');
    await warning.waitFor({ state: 'hidden', timeout: 3000 });
    assert.ok(Date.now() - shownAt < 9000, 'the warning closes after about 7 s');
    assert.match(page.url(), /\/interface-settings$/);
    await page.keyboard.press('Escape');
    await select.waitFor({ state: 'hidden' });

    // One interface back on: the hand-over goes ahead.
    const rateStaff = card.getByRole('checkbox', { name: /Rate staff/ });
    await rateStaff.locator('..').click();
    await card.getByRole('alert').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => localStorage.setItem('kiosk-sentinel', 'left over'));

    const stores = (await (
      await fetch(`${ctx.apiUrl}/api/v1/store`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json()) as {
      stores: Array<{ _id: string; name: string }>;
    };
    const storeId = stores.stores.find((s) => s.name === STORE)?._id;
    assert.ok(storeId, 'the store exists');

    const again = await openSelectStore(page);
    await again.getByRole('button', { name: STORE }).click();
    await again.getByText(REDIRECTING).waitFor();
    await page.waitForURL(`**/rate-staff?store=${storeId}`);
    assert.deepEqual(
      await page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('user'),
        localStorage.getItem('kiosk-sentinel'),
      ]),
      [null, null, null],
    );
    await settle(page);
    await ctx.screenshot(page, 'rate-staff-after-hand-over-1280');

    await screenshotsAt(ctx, user, VIEWPORTS.mobile);
    await screenshotsAt(ctx, user, VIEWPORTS.desktop);
  },
};
