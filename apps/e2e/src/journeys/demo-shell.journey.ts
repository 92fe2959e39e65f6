// The README's demo login lands on /dashboard with the whole shell; screenshots of both layouts and the auth panels.
import assert from 'node:assert/strict';
import type { Journey } from '../harness';
import { VIEWPORTS, dialog, loginThroughDialog, openLoginDialog, settle } from './auth-steps';

const NAV = [
  'Snapshot',
  'Overview',
  'Staff on Shift',
  'Staff League Table',
  'Store League Table',
  'CX Feedback Timeline',
  'Rota',
  'Interface Settings',
  'Manage Staff',
  'Manage Stores',
  'Performance Notifications',
  'My Subscription',
];

export const journey: Journey = {
  name: 'demo login lands on the complete dashboard shell',
  async run(ctx) {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const width = viewport.width;
      const page = await ctx.newPage(viewport);
      await page.goto('/');
      await page.getByRole('contentinfo').getByText(/@/).first().waitFor();
      await settle(page, { dismissToasts: true });
      await ctx.screenshot(page, `public-layout-${width}`);

      const login = await openLoginDialog(page);
      await login.getByRole('button', { name: 'Login', exact: true }).click();
      await login.getByText('Email is required').waitFor();
      await login.getByText('Password is required').waitFor();
      await settle(page);
      await ctx.screenshot(page, `login-panel-errors-${width}`);
      await login.getByRole('button', { name: 'Sign up' }).click();
      await dialog(page, 'Sign Up').waitFor();
      await settle(page);
      await ctx.screenshot(page, `signup-panel-${width}`);
      await dialog(page, 'Sign Up').getByRole('button', { name: 'Login', exact: true }).click();

      await loginThroughDialog(page, ctx.demo.email, ctx.demo.password);
      await page.getByText('Welcome, Alex', { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => Boolean(localStorage.getItem('token'))), true);
      await page.getByRole('button', { name: 'Get Reviews' }).waitFor();
      await page.getByRole('button', { name: 'Notifications' }).waitFor();
      await page.getByRole('button', { name: /^Account menu for Alex Morgan/ }).waitFor();

      if (label === 'desktop') {
        const nav = page.getByRole('complementary').getByRole('navigation', { name: 'Dashboard' });
        assert.deepEqual(await nav.getByRole('link').allTextContents(), NAV);
        assert.equal(await nav.locator('[aria-current="page"]').textContent(), 'Snapshot');
        // The chip shows the role in the current business (#21), not the old user type.
        await page.getByRole('banner').getByText('Owner', { exact: true }).waitFor();
        const header = await page.getByRole('banner').boundingBox();
        assert.equal(Math.round(header?.height ?? 0), 80, 'desktop header is 80 px');
        const aside = await page.getByRole('complementary').boundingBox();
        assert.equal(Math.round(aside?.width ?? 0), 280, 'side navigation is 280 px');
      } else {
        const header = await page.getByRole('banner').boundingBox();
        assert.equal(Math.round(header?.height ?? 0), 64, 'mobile header is 64 px');
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
        await drawer.getByRole('link', { name: 'Rota' }).waitFor();
        await settle(page, { dismissToasts: true });
        await ctx.screenshot(page, `business-drawer-${width}`);
        await drawer.getByRole('link', { name: 'Rota' }).click();
        await page.waitForURL('**/rota');
        await drawer.waitFor({ state: 'hidden' });
      }
      await settle(page, { dismissToasts: true });
      await ctx.screenshot(page, `business-layout-${width}`);

      await page.getByRole('button', { name: 'Get Reviews' }).click();
      const plans = dialog(page, 'Choose your plan');
      await plans.getByText('$99').waitFor();
      await settle(page);
      await ctx.screenshot(page, `plans-view-${width}`);
    }
  },
};
