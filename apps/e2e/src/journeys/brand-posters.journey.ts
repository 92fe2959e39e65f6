// The chain's brand and its posters: an owner sets the colour and uploads a logo on /manage-stores/brand (390 and
// 1280 px), downloads one poster PDF for every store from Manage Stores (a page per store), and a customer's QR page
// shows the logo beside "100% Anonymous!" on the brand colour with readable text (390 and 1280 px).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Journey } from '../harness';
import { callJson } from './api';
import { settle } from './auth-steps';
import { solidPng } from './images';
import { shootBoth } from './screens';

const DESKTOP = { width: 1280, height: 800 };
const STORES = ['Quayside', 'Old Town', 'Riverside'];

export const journey: Journey = {
  name: 'brand and posters',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Bea Brand' });
    const ids: string[] = [];
    for (const name of STORES) {
      const res = (await callJson(ctx, 'POST', '/store/create', { name, timeZone: 'Europe/London' }, owner.token)) as {
        store: { _id: string };
      };
      ids.push(res.store._id);
    }

    // 1. Brand settings: a colour typed in, a logo uploaded, the preview shows both.
    const page = await ctx.newPage(DESKTOP);
    await ctx.login(page, owner);
    await page.goto('/manage-stores');
    await page.getByRole('link', { name: 'Brand' }).click();
    await page.getByRole('heading', { name: 'Brand', level: 1 }).waitFor();
    const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
    await colour.fill('#7C3AED');
    await page.getByRole('button', { name: 'Save colour' }).click();
    await page.getByText('Brand updated').first().waitFor();
    await page.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: solidPng(160, 64, [14, 124, 58]),
    });
    await page.getByRole('button', { name: 'Save logo' }).click();
    await page.getByText('Logo updated').first().waitFor();
    await page.getByTestId('brand-preview').locator('img').waitFor();
    await settle(page, { dismissToasts: true });
    await shootBoth(ctx, page, 'brand-settings');

    // 2. Posters: one PDF from Manage Stores with a page per store.
    await page.goto('/manage-stores');
    await page.getByRole('button', { name: 'Download posters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download posters' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'feedback-posters.pdf');
    const pdf = await readFile((await download.path())!);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.equal(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length, STORES.length, 'a page per store');

    // 3. A customer's QR page: the logo beside the spec's header, on the brand colour, with white text on violet.
    const phone = await ctx.newPage({ width: 390, height: 844 });
    await phone.goto(`/rate-staff?store=${ids[0]}`);
    const header = phone.locator('header.cx-header');
    await header.getByText('100% Anonymous!').waitFor();
    await header.getByTestId('brand-logo').waitFor();
    const colours = await header.getByTestId('anon-row').evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, text: style.color };
    });
    assert.deepEqual(colours, { background: 'rgb(124, 58, 237)', text: 'rgb(255, 255, 255)' });
    await settle(phone);
    await shootBoth(ctx, phone, 'qr-page-brand', { width: 390, height: 844 });
  },
};
