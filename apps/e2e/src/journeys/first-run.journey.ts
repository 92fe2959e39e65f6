// A new owner from the home page's "Start free trial" to a live first rating on the Snapshot: sign-up (the spec's form),
// the mailed link signs in, the first-run step, the checklist ticking, a phone rating; at most 6 actions after the mail.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey } from '../harness';
import { TEXTS, VIEWPORTS, dialog, expectToast, openVerificationLink, uniqueEmail, verificationLinkIn } from './auth-steps';
import { shootBoth } from './screens';

/** The checklist's row for an item ("stores", "phone-test", …) once it shows the given state. */
async function itemIs(page: Page, key: string, done: boolean): Promise<void> {
  await page.locator(`[data-setup-item="${key}"][data-done="${String(done)}"]`).waitFor({ timeout: 20_000 });
}

export const journey: Journey = {
  name: 'first run: home page call to action to a live first rating',
  async run(ctx) {
    const page = await ctx.newPage(VIEWPORTS.desktop);
    const email = uniqueEmail('bean');
    const password = 'FirstRunPass1!';

    // The home page: the call to action in the header and the hero, and what the price covers.
    await page.goto('/');
    await page.getByRole('heading', { name: 'One price per business, every store included' }).waitFor();
    const plans = page.getByRole('list', { name: 'Plans' });
    await plans.getByText('$99').waitFor();
    await plans.getByText('£241.00').waitFor();
    await page.getByText('Every store of your business').waitFor();
    await page.getByText('Start with a 14-day free trial. No card needed.').waitFor();
    await shootBoth(ctx, page, 'home');
    await page.getByRole('banner').getByRole('button', { name: 'Start free trial' }).click();
    await dialog(page, 'Sign Up').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page, 'Sign Up').waitFor({ state: 'hidden' });

    // The hero's call to action opens the spec's sign-up form, unchanged.
    await page.getByRole('main').getByRole('button', { name: 'Start free trial' }).first().click();
    const signup = dialog(page, 'Sign Up');
    await signup.getByLabel('Full Name').fill('Bea Barista');
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(password);
    await signup.getByLabel('Confirm Password', { exact: true }).fill(password);
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await expectToast(page, TEXTS.signupSuccess);
    const mail = await ctx.mailbox.waitFor(email, (m) => /verify your email/i.test(m.subject));

    // From here every action the owner takes is counted: a click, or a form filled and submitted with one button.
    const actions: string[] = [];
    const act = async (what: string, step: () => Promise<void>) => {
      actions.push(what);
      await step();
    };

    await act('open the mailed link', () => openVerificationLink(page, mail));
    assert.equal(new URL(page.url()).hash, '', 'the one-time sign-in code leaves the address');
    // The trial's days left, for the owner, in the header.
    await page.getByRole('banner').getByRole('link', { name: '14 days left in your trial' }).waitFor();
    const firstRun = page.getByRole('region', { name: 'Welcome! Tell us about your business' });
    await firstRun.waitFor();
    await shootBoth(ctx, page, 'first-run-step');

    await act('name the business and its stores', async () => {
      await firstRun.getByRole('textbox', { name: 'Business name' }).fill('Bean There');
      await firstRun.getByRole('spinbutton', { name: 'Number of stores' }).fill('3');
      await firstRun.getByRole('checkbox', { name: 'Add my 3 stores now, numbered (rename them any time)' }).waitFor({
        state: 'attached',
      });
      await firstRun.getByRole('button', { name: 'Continue' }).click();
    });
    const checklist = page.getByRole('region', { name: 'Set up Bean There' });
    await checklist.waitFor();
    await itemIs(page, 'stores', true);
    await itemIs(page, 'phone-test', false);
    await checklist.getByText('3 of 3 added').waitFor();
    assert.equal(await page.getByTestId('setup-progress').textContent(), '1 of 6 done');
    await shootBoth(ctx, page, 'snapshot-checklist');

    // "Test with your phone" opens the first store's rating page in a new tab; the phone-sized customer rates.
    const [phone] = await Promise.all([
      page.context().waitForEvent('page'),
      act('open "Test with your phone"', () => checklist.getByRole('link', { name: 'Test with your phone' }).click()),
    ]);
    await phone.setViewportSize(VIEWPORTS.mobile);
    await phone.getByText('100% Anonymous!').waitFor();
    await act('continue past the empty team', () => phone.getByRole('link', { name: 'Continue' }).click());
    await act('tap five stars', () => phone.getByRole('link', { name: /^5 of 5 stars/ }).click());
    await phone.waitForURL('**/after-scan-experience?**');
    await act('send the rating', () => phone.getByRole('button', { name: 'Send rating' }).click());
    // A new store has no social links yet, so the customer goes straight to the thanks.
    await phone.waitForURL('**/after-scan-thanks?**');
    await phone.getByText('Thank you for your feedback!').waitFor();

    // Back on the Snapshot, without a reload: the rating arrives live and the checklist ticks.
    await itemIs(page, 'phone-test', true);
    await page.getByTestId('kpi-ratings').getByText(/^1\b/).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('setup-progress').textContent(), '2 of 6 done');
    assert.ok(actions.length <= 6, `${actions.length} actions after the mailed link: ${actions.join(', ')}`);
    assert.deepEqual(actions, [
      'open the mailed link',
      'name the business and its stores',
      'open "Test with your phone"',
      'continue past the empty team',
      'tap five stars',
      'send the rating',
    ]);
    await shootBoth(ctx, page, 'snapshot-first-rating');

    // The link works once: opened again (another browser), it verifies nothing new and signs nobody in.
    const again = await ctx.newPage(VIEWPORTS.mobile);
    await again.goto(verificationLinkIn(mail));
    await expectToast(again, TEXTS.emailVerified);
    await dialog(again, 'Login').waitFor();
    assert.equal(await again.evaluate(() => localStorage.getItem('token')), null, 'a second use does not sign in');
    assert.equal(new URL(again.url()).pathname, '/');

    // Dismissing the checklist hides it for the business (kept after a reload).
    await page.getByRole('button', { name: 'Dismiss checklist' }).click();
    await checklist.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Snapshot' }).waitFor();
    await page.getByTestId('kpi-ratings').waitFor();
    assert.equal(await checklist.count(), 0, 'a dismissed checklist stays hidden');
  },
};
