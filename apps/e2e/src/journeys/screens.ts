// The journeys' screenshot step: one screen at 390 and 1280 px, failing when the phone page scrolls sideways.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { JourneyContext } from '../harness';
import { VIEWPORTS, settle } from './auth-steps';

/** Both widths of the same screen, on the same page (the viewport is put back to `back` afterwards). */
export async function shootBoth(
  ctx: JourneyContext,
  page: Page,
  name: string,
  back: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<void> {
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await settle(page, { dismissToasts: true });
    await ctx.screenshot(page, `${name}-${viewport.width}`);
    // Nothing may make a phone page scroll sideways.
    if (viewport.width === VIEWPORTS.mobile.width) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow} px at 390`);
    }
  }
  await page.setViewportSize(back);
}
