// Rota without retyping (#36): an owner imports today's shifts from a Deputy-style CSV (one bad row, one unknown person)
// and from an .ics file through Import rota — the preview names each bad row's line, field and message and lists the
// unknown staff; confirming writes the good shifts, which show on the rota. A store with no rota at all: its rating is
// not marked "Outside shift" on the feedback timeline (a rating off the rota at the other store is), and its QR page
// shows the team with no rota words. Screens at 390 and 1280 px: the import preview and the staff form's Email field.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { postJson, rateAsCustomer } from './api';
import { VIEWPORTS, settle } from './auth-steps';
import { shootBoth } from './screens';
import { dayIn, hourIn, rotaDayLabel } from './zone-time';

const ZONE = 'Europe/London';
const ROTA_STORE = 'Leeds Central';
const PLAIN_STORE = 'Leeds Market';

/** Today in the store's zone, as the rota's day label ("Fri 27 Nov"), and shift hours that do not cover now. */
function today(now = new Date()) {
  const day = dayIn(ZONE, now);
  const hour = hourIn(ZONE, now);
  const label = rotaDayLabel(day);
  // Nobody is on shift now, so a rating at the rota's store is off the rota.
  const csv = hour >= 11 ? ['06:00', '09:00'] : ['20:00', '23:00'];
  const ics = hour >= 11 ? ['07:00', '10:30'] : ['19:30', '22:30'];
  return { day, label, csv, ics };
}

async function makeStore(ctx: JourneyContext, owner: TestUser, name: string): Promise<string> {
  const res = (await postJson(ctx, '/store/create', { name, timeZone: ZONE }, owner.token)) as {
    store: { _id: string };
  };
  return res.store._id;
}

async function makeStaff(ctx: JourneyContext, owner: TestUser, name: string, store: string, email?: string) {
  const res = (await postJson(
    ctx,
    '/staff/create',
    { name, role: 'Barista', stores: [store], email },
    owner.token,
  )) as {
    staff: { _id: string };
  };
  return res.staff._id;
}

async function openImport(page: Page, file: { name: string; mimeType: string; body: string }) {
  await page.getByRole('button', { name: 'Import rota' }).click();
  const dialog = page.getByRole('dialog', { name: `Import rota · ${ROTA_STORE}` });
  await dialog
    .getByLabel('CSV or .ics file')
    .setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.body) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await dialog.getByTestId('import-totals').waitFor();
  return dialog;
}

/** The preview at both widths, scrolled to the unknown staff and the rows below them. */
async function shootPreview(ctx: JourneyContext, page: Page, from: Locator): Promise<void> {
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await from.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await settle(page, { dismissToasts: true });
    await ctx.screenshot(page, `import-preview-${viewport.width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the import preview scrolls sideways by ${overflow} px at ${viewport.width}`);
  }
}

/** A shift on the rota grid, by its button's name. */
const shift = (page: Page, [start, end]: string[], who: string, label: string) =>
  page.getByRole('button', { name: `${start}–${end}, ${who}, ${label}. Edit or move shift` });

export const journey: Journey = {
  name: 'rota import',
  async run(ctx) {
    const { day, label, csv, ics } = today();
    const owner = await ctx.createUser({ fullname: 'Rhea Rota' });
    const rotaStore = await makeStore(ctx, owner, ROTA_STORE);
    const plainStore = await makeStore(ctx, owner, PLAIN_STORE);
    await makeStaff(ctx, owner, 'Ava Import', rotaStore);
    const ben = await makeStaff(ctx, owner, 'Ben Import', rotaStore);
    await makeStaff(ctx, owner, 'Cara Import', rotaStore, 'cara@leeds.example');
    const dan = await makeStaff(ctx, owner, 'Dan Plain', plainStore);

    const page = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(page, owner);

    // The staff form's Email field, which the import matches people by.
    await page.goto('/manage-staff');
    await page.getByRole('heading', { level: 1, name: 'Manage Staff' }).waitFor();
    await page.getByRole('button', { name: 'Add staff member' }).first().click();
    const staffForm = page.getByRole('dialog', { name: 'Add a staff member' });
    await staffForm.getByRole('textbox', { name: 'Email' }).fill('new.starter@leeds.example');
    await shootBoth(ctx, page, 'staff-form-email');
    await page.keyboard.press('Escape');
    await staffForm.waitFor({ state: 'hidden' });

    await page.goto('/rota');
    await page.getByRole('heading', { level: 1, name: 'Rota' }).waitFor();
    await page.getByRole('combobox', { name: 'Store' }).selectOption({ label: ROTA_STORE });

    // 1. A Deputy-style CSV: two good rows, one person nobody knows, one row with an end time that is not a time.
    const deputy = [
      'Employee,Date,Start Time,End Time,Location',
      `Ava Import,${day},${csv[0]},${csv[1]},${ROTA_STORE}`,
      `ben import,${day},${csv[0]},${csv[1]},${ROTA_STORE}`,
      `Zed Unknown,${day},${csv[0]},${csv[1]},${ROTA_STORE}`,
      `Cara Import,${day},${csv[0]},25:00,${ROTA_STORE}`,
    ].join('\n');
    const dialog = await openImport(page, { name: 'deputy-export.csv', mimeType: 'text/csv', body: deputy });
    await dialog
      .getByTestId('import-totals')
      .getByText('4 rows: 2 to add, 0 already on the rota, 2 skipped')
      .waitFor();
    assert.equal(await dialog.getByRole('combobox', { name: 'Column for End' }).inputValue(), 'End Time');
    const unknown = dialog.getByTestId('unknown-staff');
    await unknown.getByText('One person in the file matches nobody on your staff').waitFor();
    await unknown.getByText('Zed Unknown — line 4').waitFor();
    const rows = dialog.getByRole('table', { name: 'Import rows' });
    const bad = rows.getByRole('row').filter({ has: page.getByRole('cell', { name: '5', exact: true }) });
    await bad.getByText('Skipped').waitFor();
    await bad.getByText('End: "25:00" is not a time').waitFor();
    const stranger = rows
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '4', exact: true }) });
    await stranger.getByText('Person: Nobody called Zed Unknown works for this business').waitFor();
    await shootPreview(ctx, page, unknown);
    await dialog.getByRole('button', { name: 'Add 2 shifts' }).click();
    await dialog.getByText('Imported 2 shifts; 2 rows skipped.').first().waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await shift(page, csv, 'Ava Import', label).waitFor();
    await shift(page, csv, 'Ben Import', label).waitFor();

    // 2. A calendar (.ics): Cara found by her email, at the store's wall-clock times.
    const compact = (t: string) => `${day.replace(/-/g, '')}T${t.replace(':', '')}00`;
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Journey//Rota//EN',
      'BEGIN:VEVENT',
      'UID:cara-1@leeds.example',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${compact(ics[0]!)}`,
      `DTEND:${compact(ics[1]!)}`,
      'SUMMARY:Shift',
      'ATTENDEE;CN=C. Import:mailto:cara@leeds.example',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const icsDialog = await openImport(page, { name: 'rota.ics', mimeType: 'text/calendar', body: calendar });
    await icsDialog
      .getByTestId('import-totals')
      .getByText('1 row: 1 to add, 0 already on the rota')
      .waitFor();
    assert.equal(await icsDialog.getByTestId('unknown-staff').count(), 0);
    await icsDialog.getByRole('button', { name: 'Add 1 shift' }).click();
    await icsDialog.getByRole('button', { name: 'Done' }).click();
    await shift(page, ics, 'Cara Import', label).waitFor();

    // 3. Ratings now: Ben, off the rota at a store that has one, and Dan at a store with no rota at all.
    await rateAsCustomer(ctx, {
      store: rotaStore,
      staff: ben,
      score: 4,
      comment: 'Ben made a fine flat white',
    });
    await rateAsCustomer(ctx, { store: plainStore, staff: dan, score: 5, comment: 'Dan was lovely to us' });
    await page.goto('/customers-feedback');
    const timeline = page.getByRole('list', { name: 'Feedback timeline' });
    const benItem = timeline.locator(':scope > li').filter({ hasText: 'Ben made a fine flat white' });
    const danItem = timeline.locator(':scope > li').filter({ hasText: 'Dan was lovely to us' });
    await benItem.getByText('Outside shift', { exact: true }).waitFor();
    await danItem.waitFor();
    assert.equal(await danItem.getByText('Outside shift').count(), 0, 'no rota: not marked outside shift');

    // The customer's page at the store with no rota: the team, and no word about a rota.
    const phone = await ctx.newPage(VIEWPORTS.mobile);
    await phone.goto(`/rate-staff?store=${plainStore}`);
    // Customers see first names only.
    await phone.getByText('Dan', { exact: true }).waitFor();
    assert.doesNotMatch(await phone.locator('body').innerText(), /rota/i);
    await ctx.screenshot(phone, 'no-rota-team-390');
    // The store with a rota and nobody on it now says so.
    await phone.goto(`/rate-staff?store=${rotaStore}`);
    await phone.getByText('Nobody is on the rota right now, so here is the whole team.').waitFor();
  },
};
