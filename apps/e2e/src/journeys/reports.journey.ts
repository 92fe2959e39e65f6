// Scheduled reports: the preferences in the profile dialog at 390 and 1280 px, a weekly report switched on and one sent
// now, the mail's PDF attachment rendered with pdftoppm (page 1 kept as report-page1.png), and the mail's stop link.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import type { Page } from 'playwright-core';
import { findPdftoppm } from '../../../../scripts/prereqs/poppler.mjs';
import { SCREENSHOT_DIR, type Journey, type JourneyContext, type TestUser } from '../harness';
import { chooseFromAccountMenu, expectToast } from './auth-steps';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function arrangeStore(ctx: JourneyContext, user: TestUser): Promise<void> {
  const now = new Date();
  await ctx.db.collection('stores').insertOne({
    _id: new ObjectId(),
    business: new ObjectId(user.id),
    name: 'Harbour Books',
    image: null,
    address: '1 Quay',
    timeZone: 'Europe/London',
    openingHours: [],
    socialLinks: {},
    interfaces: { interface1: { status: true }, interface2: { status: true }, interface3: { status: true } },
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

async function openPreferences(ctx: JourneyContext, user: TestUser, viewport: typeof DESKTOP): Promise<Page> {
  const page = await ctx.newPage(viewport);
  await ctx.login(page, user);
  await chooseFromAccountMenu(page, 'Profile');
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await dialog.getByRole('heading', { name: 'Scheduled reports' }).waitFor();
  await dialog.getByText(/Mailed at 08:00/).waitFor();
  // the dialog scrolls: bring the reports into the shot
  await dialog.getByRole('group', { name: /Monthly report/ }).scrollIntoViewIfNeeded();
  return page;
}

/** Page 1 of the PDF as a PNG (pdftoppm), kept with the screenshots. */
function keepPage1(pdf: Buffer): void {
  const pdftoppm = findPdftoppm();
  assert.ok(pdftoppm, 'pdftoppm (poppler-utils) is needed: the runner obtains it for this journey');
  const dir = mkdtempSync(join(tmpdir(), 'cx-report-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    execFileSync(pdftoppm, [
      '-png',
      '-r',
      '100',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      join(dir, 'report.pdf'),
      join(dir, 'page'),
    ]);
    const png = readFileSync(join(dir, 'page.png'));
    assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
    writeFileSync(join(SCREENSHOT_DIR, 'report-page1.png'), png);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const journey: Journey = {
  name: 'scheduled reports preferences and send now',
  needs: ['poppler'],
  async run(ctx) {
    const user = await ctx.createUser({ fullname: 'Rhea Reports' });
    await arrangeStore(ctx, user);

    const phone = await openPreferences(ctx, user, PHONE);
    const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, 'the profile dialog fits 390 px without sideways scroll');
    await ctx.screenshot(phone, 'preferences-390');

    const page = await openPreferences(ctx, user, DESKTOP);
    const dialog = page.getByRole('dialog', { name: 'Profile' });
    const weekly = dialog.getByRole('checkbox', { name: /Weekly report/ });
    assert.equal(await weekly.isChecked(), false);
    await dialog.getByText(/Weekly report/).click();
    await expectToast(page, 'The weekly report is on');
    assert.equal(await weekly.isChecked(), true);
    await ctx.screenshot(page, 'preferences-1280');

    await dialog
      .getByRole('group', { name: /Weekly report/ })
      .getByRole('button', { name: 'Send me one now' })
      .click();
    await expectToast(page, `Your weekly report is on its way to ${user.email}`);
    const mail = await ctx.mailbox.waitFor(user.email, (m) =>
      m.subject.startsWith('Your weekly CX Journey report'),
    );
    assert.match(mail.text, /Ratings: 0/);
    const stopLink = /Stop the weekly report: (http\S+\/reports\/unsubscribe\?token=\S+)/.exec(
      mail.text,
    )?.[1];
    assert.ok(stopLink && !stopLink.includes('/api/'), 'the mail links to the web page, not the API');
    const pdf = mail.attachments.find((a) => a.filename.endsWith('.pdf'));
    assert.ok(pdf, 'the report mail carries its PDF');
    assert.equal(pdf.contentType, 'application/pdf');
    keepPage1(pdf.content);

    // a reload shows the saved choice
    const again = await openPreferences(ctx, user, DESKTOP);
    assert.equal(await again.getByRole('checkbox', { name: /Weekly report/ }).isChecked(), true);

    // the mail's link: opening it stops nothing; the button does (a mail scanner's visit cannot)
    for (const [viewport, name] of [
      [PHONE, 'unsubscribe-390'],
      [DESKTOP, 'unsubscribe-1280'],
    ] as const) {
      const stop = await ctx.newPage(viewport);
      await stop.goto(stopLink);
      await stop.getByText('Stop mailing you the weekly report?').waitFor();
      const fitsStop = await stop.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert.ok(fitsStop, `the stop-report page fits ${viewport.width} px without sideways scroll`);
      await ctx.screenshot(stop, name);
    }
    const stop = await ctx.newPage(DESKTOP);
    await stop.goto(stopLink);
    await stop.getByRole('button', { name: 'Stop the weekly report' }).click();
    await stop.getByText('You will no longer receive the weekly report').waitFor();
    const after = await openPreferences(ctx, user, DESKTOP);
    assert.equal(await after.getByRole('checkbox', { name: /Weekly report/ }).isChecked(), false);
  },
};
