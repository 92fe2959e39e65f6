// The owner builds the location tree on the Structure page: regions and a district, stores moved by the keyboard menu,
// by drag and drop and in bulk, and a time zone set on a region that its stores then inherit (checked through the API).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { callJson, postJson } from './api';
import { VIEWPORTS, expectToast, settle } from './auth-steps';
import { shootBoth } from './screens';

type Store = {
  _id: string;
  name: string;
  area: string;
  timeZone: string;
  inherited: Record<string, string | null>;
};
type Area = { _id: string; name: string; parent: string | null };

const stores = async (ctx: JourneyContext, user: TestUser) =>
  (await callJson(ctx, 'GET', '/store', undefined, user.token)).stores as Store[];
const areas = async (ctx: JourneyContext, user: TestUser) =>
  (await callJson(ctx, 'GET', '/areas', undefined, user.token)).areas as Area[];

async function addArea(page: Page, where: string, name: string): Promise<void> {
  await page.getByRole('button', { name: `Add an area in ${where}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add an area in ${where}` });
  await dialog.getByRole('textbox', { name: /area name/i }).fill(name);
  await dialog.getByRole('button', { name: 'Add area' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('listitem', { name: where }).getByRole('listitem', { name }).waitFor();
}

export const journey: Journey = {
  name: 'structure: regions, districts, moves and an inherited time zone',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Tess Tree' });
    for (const name of ['Soho', 'Camden', 'Brooklyn'])
      await postJson(ctx, '/store/create', { name }, owner.token);
    const page = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(page, owner);

    // Reached from Manage Stores (the side navigation keeps its twelve items).
    await page.goto('/manage-stores');
    await page.getByRole('link', { name: 'Structure' }).click();
    await page.getByRole('heading', { level: 1, name: 'Structure' }).waitFor();
    const root = (await areas(ctx, owner)).find((a) => a.parent === null)!;

    await addArea(page, root.name, 'UK');
    await addArea(page, root.name, 'US');
    await addArea(page, 'UK', 'London');

    // Keyboard: Soho's "Move to…" menu.
    await page.getByRole('button', { name: 'Move Soho to…' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'London', exact: true }).click();
    await expectToast(page, 'Moved Soho to London');

    // Pointer: drag Camden onto London.
    await page
      .getByRole('listitem', { name: 'Camden' })
      .dragTo(page.getByRole('listitem', { name: 'London' }).locator('> div').first());
    await expectToast(page, 'Moved Camden to London');

    // Bulk: select Brooklyn, move to US.
    await page.getByRole('checkbox', { name: 'Select Brooklyn' }).locator('..').click();
    await page.getByRole('button', { name: 'Move to area' }).click();
    await page.getByRole('menuitem', { name: 'US', exact: true }).click();
    await expectToast(page, 'Moved 1 store to US');

    const tree = await areas(ctx, owner);
    const id = (name: string) => tree.find((a) => a.name === name)!._id;
    const placed = Object.fromEntries((await stores(ctx, owner)).map((s) => [s.name, s.area]));
    assert.deepEqual(placed, { Brooklyn: id('US'), Camden: id('London'), Soho: id('London') });
    await shootBoth(ctx, page, 'structure-tree');

    // A time zone on the UK region reaches both London stores.
    await page.getByRole('button', { name: 'Settings of UK' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of UK' });
    await settings
      .getByRole('checkbox', { name: 'Use the time zone of the areas above' })
      .locator('..')
      .click();
    await settings.getByRole('textbox', { name: 'Time zone' }).fill('Asia/Tokyo');
    await settle(page);
    await ctx.screenshot(page, 'structure-area-settings-1280');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Saved the settings of UK');
    const after = Object.fromEntries((await stores(ctx, owner)).map((s) => [s.name, s]));
    assert.equal(after.Soho!.timeZone, 'Asia/Tokyo');
    assert.equal(after.Soho!.inherited.timeZone, id('UK'));
    assert.equal(after.Camden!.timeZone, 'Asia/Tokyo');
    assert.notEqual(after.Brooklyn!.timeZone, 'Asia/Tokyo');

    // The store form says where its time zone comes from.
    await page.goto('/manage-stores');
    await page.getByRole('row', { name: 'Soho', exact: true }).getByRole('button', { name: /edit/i }).click();
    const form = page.getByRole('dialog', { name: 'Edit Soho' });
    await form.getByText('Inherited from UK: Asia/Tokyo').waitFor();
    await shootBoth(ctx, page, 'structure-store-inherits');
  },
};
