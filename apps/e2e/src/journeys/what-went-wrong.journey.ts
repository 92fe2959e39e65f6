// The unhappy customer (#37) at 390 and 1280 px: 1 star for the person who served them, "What went wrong?" chips
// ("Order wrong"), "I'd like someone to contact me" with an email and consent, and the social step still offered; the
// request is stored beside the rating, never in it. Then a 5-star rating offers "What stood out?" and no contact step.
import assert from 'node:assert/strict';
import { ObjectId } from 'mongodb';
import type { Page } from 'playwright-core';
import type { Journey } from '../harness';
import { VIEWPORTS } from './auth-steps';
import { arrangeStore } from './customer-rating.journey';
import { shootBoth } from './screens';

async function tapStar(page: Page, name: string): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
}

async function eventually<T>(what: string, fn: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const journey: Journey = {
  name: 'unhappy customer says what went wrong and asks to be contacted',
  async run(ctx) {
    const { storeId, olivia } = await arrangeStore(ctx);
    const page = await ctx.newPage(VIEWPORTS.mobile);
    await page.goto(`/after-scan?store=${storeId}&staff=${String(olivia._id)}`);
    await page.getByText('How was Olivia today?').waitFor();
    await page.getByRole('group', { name: 'What stood out? (optional)' }).waitFor();

    await tapStar(page, '1 of 5 stars, Terrible');
    const chips = page.getByRole('group', { name: 'What went wrong? (optional)' });
    await chips.getByRole('button', { name: 'Order wrong' }).click();
    assert.equal(
      await chips.getByRole('button', { name: 'Friendly', exact: true }).count(),
      0,
      'no praise chips at 1 star',
    );
    await page.getByText('Leave this unticked and your rating stays anonymous.').waitFor();
    await shootBoth(ctx, page, '1-what-went-wrong', VIEWPORTS.mobile);

    await page.getByRole('checkbox', { name: "I'd like someone to contact me about this" }).check();
    await page.getByRole('textbox', { name: 'Email' }).fill('Jane.Customer@Example.com');
    await page
      .getByRole('checkbox', {
        name: 'I agree that Harbour Coffee may contact me about this feedback, and only about it.',
      })
      .check();
    await page.getByText("Only the store's managers will see your details; staff will not.").waitFor();
    await page
      .getByRole('textbox', { name: 'Anything to add? (optional)' })
      .fill('They gave me a cold latte');
    await shootBoth(ctx, page, '2-contact-request', VIEWPORTS.mobile);
    await page.getByRole('button', { name: 'Send rating' }).click();
    await page.waitForURL('**/rate-experience?store=*');

    const rating = await eventually('the 1-star rating', () =>
      ctx.db.collection('ratings').findOne({ staff: olivia._id, comment: 'They gave me a cold latte' }),
    );
    assert.equal(rating.score, 1);
    assert.deepEqual(rating.tags, ['Order wrong']);
    assert.ok(!JSON.stringify(rating).includes('example.com'), 'the rating itself holds no contact detail');
    const request = await eventually('the contact request', () =>
      ctx.db.collection('contactrequests').findOne({ rating: rating._id }),
    );
    assert.equal(request.email, 'jane.customer@example.com');
    assert.equal(String(request.store), storeId);

    // The experience at 5 stars: "What stood out?", no contact step; the social links are offered all the same.
    await page.getByRole('link', { name: '5 of 5 stars, Excellent' }).click();
    await page.waitForURL('**/after-scan-experience?**');
    await page.getByRole('group', { name: 'What stood out? (optional)' }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /contact me/ }).count(), 0);
    await page.getByRole('button', { name: 'Send rating' }).click();
    await page.waitForURL('**/visit-social-media?store=*');
    await page.getByRole('link', { name: /Review us on Google/ }).waitFor();
    assert.equal(
      await ctx.db.collection('contactrequests').countDocuments({ store: new ObjectId(storeId) }),
      1,
      'one request, for the rating that asked',
    );
  },
};
