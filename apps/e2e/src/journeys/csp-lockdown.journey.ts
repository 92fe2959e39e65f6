// Under the strict CSP: a <script> typed into a store name, staff name or comment never runs, and the app still works.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../a11y';
import type { Journey } from '../harness';
import { postJson as api } from './api';

const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;

/** Records every CSP violation the page reports, so the journey can tell "blocked" from "never tried". */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return seen;
}

const xssRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

export const journey: Journey = {
  name: 'csp lockdown: injected script does not run',
  async run(ctx) {
    const owner = await ctx.createUser();
    const { store } = (await api(
      ctx,
      '/store/create',
      { name: `Shop ${PAYLOAD}`, timeZone: 'Europe/London' },
      owner.token,
    )) as {
      store: { _id: string };
    };
    await api(ctx, '/staff/create', { name: `Sam ${PAYLOAD}`, stores: [store._id] }, owner.token);
    // Four identical five-star ratings from an enrolled kiosk form a burst: flagged, so the review panel shows their
    // comments.
    const { credential } = (await api(
      ctx,
      `/stores/${store._id}/kiosks`,
      { label: 'Till' },
      owner.token,
    )) as {
      credential: string;
    };
    for (let i = 0; i < 4; i++) {
      await api(ctx, '/feedback/experience-ratings', {
        store: store._id,
        score: 5,
        comment: `Nice ${PAYLOAD}`,
        kiosk: credential,
        idempotencyKey: `csp-journey-${Date.now()}-${i}`,
      });
    }

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await ctx.newPage(viewport);
      const violations = await watchViolations(page);
      const doc = await page.goto('/');
      const csp = doc?.headers()['content-security-policy'] ?? '';
      assert.match(csp, /script-src 'self'(;|$)/, 'the document carries the strict CSP');
      assert.equal(doc?.headers()['x-content-type-options'], 'nosniff');
      assert.ok(doc?.headers()['referrer-policy'], 'Referrer-Policy is set');
      assert.ok(doc?.headers()['permissions-policy'], 'Permissions-Policy is set');

      await ctx.login(page, owner);
      await page.goto('/manage-stores');
      await page.getByText(`Shop ${PAYLOAD}`).first().waitFor();
      await expectAccessible(page, `manage stores with a hostile name (${viewport.width})`);
      await ctx.screenshot(page, `manage-stores-${viewport.width}`);

      await page.goto('/customers-feedback');
      await page.getByText(`Nice ${PAYLOAD}`).first().waitFor();
      await ctx.screenshot(page, `flagged-comment-${viewport.width}`);

      await page.goto(`/rate-staff?store=${store._id}`);
      await page.getByText(`Shop ${PAYLOAD}`).first().waitFor();
      await page.getByText('Sam', { exact: false }).first().waitFor();
      await ctx.screenshot(page, `customer-page-${viewport.width}`);
      assert.equal(await xssRan(page), null, 'the injected markup was shown as text, never run');
      assert.deepEqual(violations, [], 'the app itself needs nothing the policy forbids');

      // Even if a future bug put markup into the page, the policy stops inline script: prove it.
      await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__xss = 3';
        document.body.appendChild(s);
      });
      await page.waitForFunction(() => true);
      assert.equal(
        await xssRan(page),
        null,
        'an inline <script> injected into the DOM is blocked by the CSP',
      );
      await page.waitForTimeout(100);
      assert.ok(
        (violations as string[]).some((v) => v.startsWith('script-src')),
        'the browser reported the blocked script',
      );

      const health = await page.evaluate(async () => (await fetch('/api/v1/health')).status);
      assert.equal(health, 200, 'calls to the API are allowed by connect-src');
    }
  },
};
