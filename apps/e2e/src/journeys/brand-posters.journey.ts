// The chain's brand and its posters: an owner sets the colour and uploads a logo on /manage-stores/brand (390 and
// 1280 px), downloads one poster PDF for every store from Manage Stores (a page per store), and a customer's QR page
// shows the logo beside "100% Anonymous!" on the brand colour with readable text (390 and 1280 px).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Journey } from '../harness';
import { callJson } from './api';
import { settle } from './auth-steps';
import { shootBoth } from './screens';

const DESKTOP = { width: 1280, height: 800 };
const STORES = ['Quayside', 'Old Town', 'Riverside'];

/** A solid-colour PNG (RGB, no filter), built by hand: the journeys carry no image library. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
