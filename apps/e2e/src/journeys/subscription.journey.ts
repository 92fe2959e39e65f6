// Subscriptions without Stripe keys: an expired business is sent to /my-subscription from any business page, sees the
// plans' exact prices, pays on the local test checkout (signed events through the webhook) and gets the dashboard back;
// a failed payment lands on /payment-failed with a way back.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ObjectId } from 'mongodb';
import type { JourneyContext, TestUser } from '../harness';
import type { Journey } from '../harness';
import { VIEWPORTS, expectToast, settle } from './auth-steps';

const UPGRADE = 'Please upgrade your plan to access your content.';
/** Spec §9, as the plans must show them. */
const PRICES = [
  '$99',
  '£90.00',
  'Save £16',
  '£84.00',
  '£180.00',
  'Save £22',
  '£158.00',
  '£360.00',
  'Save £119',
  '£241.00',
];

async function expireTrial(ctx: JourneyContext, user: TestUser): Promise<void> {
  // The subscription is the business's (its id is the founder's user id).
  await ctx.db
    .collection('businesses')
    .updateOne(
      { _id: new ObjectId(user.id) },
      { $set: { subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() - 24 * 3600 * 1000) } },
    );
}

/** Whatever business page is asked for, the expired user ends on /my-subscription with the warning. */
async function expectRedirected(page: Page, from: string): Promise<void> {
  await page.goto(from);
  await page.waitForURL((url) => url.pathname === '/my-subscription', { timeout: 15000 });
  await expectToast(page, UPGRADE);
}

async function mySubscriptionLoaded(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'My Subscription', level: 1 }).waitFor();
  await page.getByTestId('subscription-status').waitFor();
  await page
    .getByRole('button', { name: 'Choose Basic' })
    .or(page.getByText('To change plan'))
    .first()
    .waitFor();
}

async function shoot(ctx: JourneyContext, page: Page, name: string): Promise<void> {
  await settle(page, { dismissToasts: true });
  await ctx.screenshot(page, name);
}

export const journey: Journey = {
  name: 'subscription: expired redirect, exact plan prices, test checkout success and failure',
  async run(ctx) {
    // Paying at 390 px.
    const payer = await ctx.createUser({ fullname: 'Paula Payer' });
    await expireTrial(ctx, payer);
    const phone = await ctx.newPage(VIEWPORTS.mobile);
    await ctx.login(phone, payer);
    await phone.waitForURL((url) => url.pathname === '/my-subscription', { timeout: 15000 });
    await expectToast(phone, UPGRADE);
    for (const from of ['/rota', '/manage-stores', '/customers-feedback'])
      await expectRedirected(phone, from);
    await mySubscriptionLoaded(phone);
    await phone.getByRole('alert').filter({ hasText: UPGRADE }).waitFor();
    assert.equal(await phone.getByTestId('subscription-status').innerText(), 'Expired');
    for (const text of PRICES) await phone.getByText(text, { exact: true }).first().waitFor();
    await shoot(ctx, phone, 'my-subscription-expired-390');

    await phone.getByRole('button', { name: 'Choose Basic' }).click();
    await phone.waitForURL((url) => url.pathname.startsWith('/api/v1/plans/test-checkout/'));
    await phone.getByText('Price: $99 per month').waitFor();
    await ctx.screenshot(phone, 'test-checkout-390');
    await phone.getByRole('button', { name: 'Pay (test card succeeds)' }).click();
    await phone.waitForURL((url) => url.pathname === '/payment-success');
    const successSearch = new URL(phone.url()).search;
    assert.match(successSearch, /^\?session_id=cs_test_local_/);
    const result = phone.getByTestId('payment-result');
    await result.waitFor();
    assert.equal(await result.innerText(), 'Payment received: your Basic plan is active.');
    await shoot(ctx, phone, 'payment-success-390');
    await phone.getByRole('link', { name: 'Go to the dashboard' }).click();
    await phone.getByRole('heading', { name: 'Snapshot', level: 1 }).waitFor();
    // The next location change re-checks the user: the dashboard stays open.
    await phone.goto('/rota');
    await phone.getByRole('heading', { name: 'Rota', level: 1 }).waitFor();
    assert.equal(new URL(phone.url()).pathname, '/rota');

    const desk = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(desk, payer);
    await desk.goto('/my-subscription');
    await mySubscriptionLoaded(desk);
    assert.equal(await desk.getByTestId('subscription-status').innerText(), 'Active');
    await desk.getByRole('button', { name: /Manage billing/ }).waitFor();
    await desk.getByRole('region', { name: 'Invoices' }).getByText('paid').waitFor();
    await shoot(ctx, desk, 'my-subscription-active-1280');

    // Failing at 1280 px, then the plans dialog behind "Get Reviews" with the same prices.
    const decliner = await ctx.createUser({ fullname: 'Dee Decline' });
    await expireTrial(ctx, decliner);
    const wide = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(wide, decliner);
    await expectRedirected(wide, '/staff-performance');
    await mySubscriptionLoaded(wide);
    await shoot(ctx, wide, 'my-subscription-expired-1280');
    await wide.getByRole('button', { name: 'Choose 3 Months' }).click();
    await wide.waitForURL((url) => url.pathname.startsWith('/api/v1/plans/test-checkout/'));
    await wide.getByText('Price: £84.00 Renews every 3 months').waitFor();
    await ctx.screenshot(wide, 'test-checkout-1280');
    await wide.getByRole('button', { name: 'Fail the payment' }).click();
    await wide.waitForURL((url) => url.pathname === '/payment-failed');
    await wide.getByText('No money was taken').waitFor();
    await shoot(ctx, wide, 'payment-failed-1280');
    await wide.getByRole('link', { name: 'Back to My Subscription' }).click();
    await mySubscriptionLoaded(wide);
    assert.equal(await wide.getByTestId('subscription-status').innerText(), 'Expired');
    await wide.getByRole('button', { name: 'Get Reviews' }).click();
    const plans = wide.getByRole('dialog', { name: 'Choose your plan' });
    for (const text of PRICES) await plans.getByText(text, { exact: true }).first().waitFor();
    await settle(wide);
    await ctx.screenshot(wide, 'plans-dialog-1280');
    await wide.keyboard.press('Escape');

    const small = await ctx.newPage(VIEWPORTS.mobile);
    await ctx.login(small, decliner);
    await small.goto('/payment-failed');
    await small.getByText('No money was taken').waitFor();
    assert.equal(new URL(small.url()).pathname, '/payment-failed', 'the payment pages are not redirected');
    await shoot(ctx, small, 'payment-failed-390');
    // Coming back to the success page later confirms again from the server and shows the same truth.
    await desk.goto(`/payment-success${successSearch}`);
    await desk.getByTestId('payment-result').waitFor();
    await shoot(ctx, desk, 'payment-success-1280');
  },
};
