// Performance notifications in real time: the dashboard open in one page, a 1-star rating from the public page in
// another → the bell count rises, the alert is at the top and the Snapshot's figure changes, all without reload; mark
// all as read clears the count.
import assert from 'node:assert/strict';
import { ObjectId } from 'mongodb';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function arrangeStore(ctx: JourneyContext, user: TestUser): Promise<string> {
  const now = new Date();
  const storeId = new ObjectId();
  await ctx.db.collection('stores').insertOne({
    _id: storeId,
    business: new ObjectId(user.id),
    name: 'Canal <b>Bakery</b>',
    image: null,
    address: '2 Towpath',
    timeZone: 'Europe/London',
    openingHours: [],
    socialLinks: { googleReview: 'https://g.page/r/canal-bakery/review' },
    interfaces: { interface1: { status: true }, interface2: { status: true }, interface3: { status: true } },
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  return storeId.toString();
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function openDashboard(ctx: JourneyContext, user: TestUser, viewport: typeof DESKTOP): Promise<Page> {
  const page = await ctx.newPage(viewport);
  const socketOpened = page.waitForEvent('websocket', { timeout: 30_000 });
  await ctx.login(page, user);
  await bell(page).waitFor();
  await socketOpened;
  return page;
}

async function rateOneStar(ctx: JourneyContext, storeId: string): Promise<void> {
  const phone = await ctx.newPage(PHONE);
  await phone.goto(`/rate-experience?store=${storeId}`);
  await phone.getByRole('link', { name: '1 of 5 stars, Terrible' }).click();
  await phone.waitForURL('**/after-scan-experience?**');
  await phone.getByRole('button', { name: 'Send rating' }).click();
  await phone.waitForURL('**/visit-social-media?store=*');
}

export const journey: Journey = {
  name: 'performance notifications in real time',
  async run(ctx) {
    const user = await ctx.createUser({ fullname: 'Nora Notify' });
    const storeId = await arrangeStore(ctx, user);
    const dash = await openDashboard(ctx, user, DESKTOP);
    assert.equal(await bell(dash).getAttribute('aria-label'), 'Notifications');
    const ratingsFigure = dash.getByTestId('kpi-ratings');
    await ratingsFigure.waitFor();
    assert.match(await ratingsFigure.innerText(), /^0\b/, 'a new business starts with no ratings');

    // 1. A customer gives one star on the public page; the open dashboard hears about it without reload.
    await rateOneStar(ctx, storeId);
    await dash.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    await dash.getByText('New notification').first().waitFor();
    // The open Snapshot refetches on the pushed "rating" event: its count goes from 0 to 1 without a reload.
    await ratingsFigure.filter({ hasText: /^1\b/ }).waitFor({ timeout: 15_000 });
    await bell(dash).click();
    const first = dash.getByRole('list', { name: 'Notifications list' }).getByRole('listitem').first();
    await first.waitFor();
    const text = await first.innerText();
    assert.match(text, /The experience at Canal <b>Bakery<\/b> was rated 1 star/);
    assert.equal(await first.locator('b').count(), 0, 'the store name is shown as text, never as markup');
    await ctx.screenshot(dash, 'panel-1280');

    // 2. Mark all as read clears the count, and stays cleared after a reload.
    await dash.getByRole('button', { name: 'mark all as read' }).click();
    await dash.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await dash.keyboard.press('Escape');
    await dash.reload();
    await dash.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // 3. The settings page lists the default rules with a preview of each alert.
    await dash.goto('/settings-and-notifications');
    await dash.getByRole('heading', { level: 1, name: 'Performance Notifications' }).waitFor();
    await dash.getByRole('heading', { name: 'Many low ratings in a short time' }).waitFor();
    await dash.getByText('High Street: 50 % of the last 4 ratings in 15 minutes').waitFor();
    await ctx.screenshot(dash, 'settings-1280');

    // 4. The same at 390 px: the panel (now read) and the settings page.
    const phoneDash = await openDashboard(ctx, user, PHONE);
    await bell(phoneDash).click();
    await phoneDash.getByRole('list', { name: 'Notifications list' }).getByRole('listitem').first().waitFor();
    await ctx.screenshot(phoneDash, 'panel-390');
    await phoneDash.keyboard.press('Escape');
    await phoneDash.goto('/settings-and-notifications');
    await phoneDash.getByRole('heading', { level: 1, name: 'Performance Notifications' }).waitFor();
    await ctx.screenshot(phoneDash, 'settings-390');
  },
};
