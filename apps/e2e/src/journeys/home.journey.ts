// The public landing page renders in a real browser, and /api/v1/health answers through the web app's proxy.
import assert from 'node:assert/strict';
import type { Journey } from '../harness';

export const journey: Journey = {
  name: 'home page and health',
  async run(ctx) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await ctx.newPage(viewport);
      const res = await page.goto('/');
      assert.equal(res?.status(), 200);
      await page.getByText('Your CX Journey', { exact: false }).first().waitFor();
      await ctx.screenshot(page, `home-${viewport.width}`);
      const health = await page.evaluate(async () => (await fetch('/api/v1/health')).json());
      assert.equal(health.status, 'ok');
      assert.ok(['uri', 'memory-server', 'offline-engine'].includes(health.mongo.backend));
    }
    const page = await ctx.newPage({ width: 390, height: 844 });
    await page.goto('/no-such-page');
    await page.waitForURL('**/404');
  },
};
