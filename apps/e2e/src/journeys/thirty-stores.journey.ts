// A chain's thirty stores (#36): a fresh owner imports 30 stores from a CSV (dry run, then confirm), selects them all
// in the stores table and applies interfaces and a week of opening hours to every one from the bulk dialogs (checked
// through the API), then downloads one posters PDF: 30 pages, each page's QR decoded back to its store's rating link,
// each page carrying the chain's logo. Screens at 390 and 1280 px: the table and the three dialogs.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { VIEWPORTS } from './auth-steps';
import { readPdfPages, solidPng, type Rgb } from './images';
import { shootBoth } from './screens';

const COUNT = 30;
/** Pure magenta: nothing else on a poster is that colour, so seeing it on a page means the logo is printed there. */
const MAGENTA: Rgb = [255, 0, 255];
const HOURS = { open: '07:30', close: '19:00' };

const stores = Array.from({ length: COUNT }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { code: `TC-${n}`, name: `Thirty Coffee ${n}`, area: i < 15 ? 'UK > North' : 'UK > South' };
});
const csv = [
  'code,name,area,timezone,address',
  ...stores.map((s) => `${s.code},${s.name},${s.area},Europe/London,"${s.code} High Street, Leeds"`),
  '',
].join('\r\n');

type TApiStore = {
  _id: string;
  name: string;
  rateUrl: string;
  interfaces: Record<string, { status: boolean }>;
  openingHours: Array<{ day: number; open: string; close: string; closed: boolean }>;
};

async function apiStores(ctx: JourneyContext, owner: TestUser): Promise<TApiStore[]> {
  const res = await fetch(`${ctx.apiUrl}/api/v1/store`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { stores: TApiStore[] }).stores;
}

async function uploadLogo(ctx: JourneyContext, owner: TestUser): Promise<void> {
  const form = new FormData();
  form.append(
    'logo',
    new Blob([new Uint8Array(solidPng(200, 80, MAGENTA))], { type: 'image/png' }),
    'logo.png',
  );
  const res = await fetch(`${ctx.apiUrl}/api/v1/brand/logo`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  assert.equal(res.status, 200, `logo upload answered ${res.status}: ${await res.text()}`);
}

async function importStores(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Import stores' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import stores' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'thirty-stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  // The dry run: every row a new store, two new areas under a new parent, nothing written yet.
  await dialog.getByTestId('import-totals').getByText(`${COUNT} rows: ${COUNT} new`).waitFor();
  await dialog.getByText('New areas: UK, UK > North, UK > South').waitFor();
  await dialog.getByRole('button', { name: 'Confirm import' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function applyInterfaces(ctx: JourneyContext, page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set interfaces…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set interfaces for many stores' });
  assert.equal(await dialog.getByRole('radio', { name: `The selected stores (${COUNT})` }).isChecked(), true);
  const social = dialog.getByRole('checkbox', { name: 'Review and social links' });
  await social.locator('..').click();
  await page.waitForFunction((el) => !(el as HTMLInputElement).checked, await social.elementHandle());
  await shootBoth(ctx, page, 'bulk-interfaces');
  await dialog.getByRole('button', { name: `Apply to ${COUNT} stores` }).click();
  await page.getByText(`Interfaces updated at ${COUNT} stores`).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function applyHours(ctx: JourneyContext, page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set opening hours…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set opening hours for many stores' });
  await dialog.getByLabel('Monday opening time').fill(HOURS.open);
  await dialog.getByLabel('Monday closing time').fill(HOURS.close);
  await dialog.getByRole('button', { name: "Copy to all days: Monday's hours" }).click();
  assert.equal(await dialog.getByLabel('Sunday closing time').inputValue(), HOURS.close);
  await shootBoth(ctx, page, 'bulk-opening-hours');
  await dialog.getByRole('button', { name: `Apply to ${COUNT} stores` }).click();
  await page.getByText(`Opening hours applied at ${COUNT} stores`).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function downloadPosters(ctx: JourneyContext, page: Page): Promise<Buffer> {
  await page.getByRole('button', { name: 'Download posters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download posters' });
  assert.equal(await dialog.getByRole('radio', { name: `Selected stores (${COUNT})` }).isChecked(), true);
  await shootBoth(ctx, page, 'posters-dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'feedback-posters.pdf');
  return readFile((await download.path())!);
}

export const journey: Journey = {
  name: 'thirty stores',
  needs: ['poppler'],
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Tess Thirty' });
    await uploadLogo(ctx, owner);
    const page = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(page, owner);
    await page.goto('/manage-stores');
    await page.getByRole('heading', { level: 1, name: 'Manage Stores' }).waitFor();
    await page.getByText('No stores yet').waitFor();

    await importStores(page);
    await page.getByText(`${COUNT} stores`, { exact: true }).waitFor();
    assert.equal(await page.getByRole('table', { name: 'Stores' }).getByRole('row').count(), COUNT + 1);

    // Select every store from the table's header box (the box's label element carries its name).
    await page.locator('label[aria-label="Select all shown stores"]').click();
    await page.getByText(`${COUNT} stores · ${COUNT} selected`).waitFor();
    await shootBoth(ctx, page, 'stores-table');

    const before = await apiStores(ctx, owner);
    assert.equal(before.length, COUNT);
    assert.ok(
      before.every((s) => s.interfaces.interface3?.status === true),
      'imported stores start with all on',
    );

    await applyInterfaces(ctx, page);
    await applyHours(ctx, page);

    // Every one of the 30 stores changed, as the API reads them back.
    const after = await apiStores(ctx, owner);
    assert.equal(after.length, COUNT);
    for (const s of after) {
      assert.deepEqual(
        Object.fromEntries(Object.entries(s.interfaces).map(([k, v]) => [k, v.status])),
        { interface1: true, interface2: true, interface3: false },
        `${s.name}'s interfaces`,
      );
      assert.deepEqual(
        [...s.openingHours].sort((a, b) => a.day - b.day),
        [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ...HOURS, closed: false })),
        `${s.name}'s opening hours`,
      );
    }

    // One PDF, a page per store by name: each page's QR opens that store's rating link, each carries the logo.
    const pdf = await downloadPosters(ctx, page);
    // 72 dpi: a pixel a point; the logo sits in the band above the headline (y 28–92 pt).
    const pages = await readPdfPages(pdf, MAGENTA, { from: 20, to: 100 });
    assert.equal(pages.length, COUNT, 'a page per store');
    const byName = [...after].sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(
      pages.map((p) => p.qr),
      byName.map((s) => s.rateUrl),
      "each page's QR is its store's rating link",
    );
    for (const s of byName) assert.equal(s.rateUrl, `${ctx.webUrl}/rate-staff?store=${s._id}`);
    pages.forEach((p, i) => assert.ok(p.colourPixels > 500, `page ${i + 1} carries the logo`));
  },
};
