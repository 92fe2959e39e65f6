// Staff scorecards (#25): a person's card shows the league table's own figures; its share link opens without login at
// 390 and 1280 px and says "no longer shared" once revoked; screenshots (with axe) of each screen.
import assert from 'node:assert/strict';
import { ObjectId } from 'mongodb';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { callJson } from './api';
import { settle, VIEWPORTS } from './auth-steps';
import { newDeviceId } from './device-ids';

type TRow = { staff: { _id: string; name: string }; ratings: number; average: number | null };

const call = (ctx: JourneyContext, token: string | null, method: string, path: string, body?: unknown) =>
  callJson(ctx, method, path, body, token);

/** A store, Ana (rated 5, 5, 4, 5) and Ben (rated 3, 4), through the public rating API; one of Ana's is a shout-out. */
async function arrange(ctx: JourneyContext, user: TestUser) {
  const { store } = (await call(ctx, user.token, 'POST', '/store/create', {
    name: 'Scorecard Corner',
    timeZone: 'Europe/London',
  })) as { store: { _id: string } };
  const person = async (name: string) =>
    (
      (await call(ctx, user.token, 'POST', '/staff/create', { name, stores: [store._id] })) as {
        staff: { _id: string };
      }
    ).staff._id;
  const ana = await person('Ana Scorecard');
  const ben = await person('Ben Otherperson');
  let n = 0;
  const rate = async (staff: string, score: number, comment = '') =>
    call(ctx, null, 'POST', '/feedback/staff-ratings', {
      store: store._id,
      staff,
      score,
      comment,
      idempotencyKey: `scorecard-${user.id}-${(n += 1)}`,
      deviceId: await newDeviceId(ctx.apiUrl),
    });
  for (const score of [5, 5, 4]) await rate(ana, score);
  await rate(ana, 5, 'Ana found exactly what we needed, thank you!');
  for (const score of [3, 4]) await rate(ben, score);
  // the insight reaction marks shout-outs; this journey sets the field itself, as the issue allows
  await ctx.db
    .collection('ratings')
    .updateOne(
      { comment: 'Ana found exactly what we needed, thank you!' },
      { $set: { shoutOut: { staff: new ObjectId(ana), hidden: false } } },
    );
  return { ana };
}

/** Waits for the card and for every busy region to finish, then checks the page does not scroll sideways. */
async function openCard(page: Page, path: string, name: string, width: number) {
  await page.goto(path);
  await page.getByRole('article', { name: `Scorecard of ${name}` }).waitFor({ timeout: 20_000 });
  await page
    .waitForFunction(
      () => document.querySelectorAll('[aria-busy="true"], .chakra-skeleton').length === 0,
      undefined,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${path} fits ${width} px (scrollWidth ${scroll})`);
}

async function figureOf(page: Page, label: string): Promise<string> {
  const figures = page.getByRole('region', { name: 'Figures' });
  return (
    (await figures
      .getByText(label, { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent()) ?? ''
  );
}

export const journey: Journey = {
  name: 'scorecard',
  async run(ctx) {
    const user = await ctx.createUser({ fullname: 'Sam Scorecard' });
    const { ana } = await arrange(ctx, user);
    const league = (await call(ctx, user.token, 'GET', '/analytics/staff-league?period=last30')) as {
      ranked: TRow[];
      notRanked: TRow[];
    };
    const row = [...league.ranked, ...league.notRanked].find((r) => r.staff._id === ana)!;
    assert.equal(row.ratings, 4, 'the league counts Ana’s four ratings');

    let url = '';
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const page = await ctx.newPage(viewport);
      await ctx.login(page, user);
      await openCard(page, `/staff/${ana}/scorecard?period=last30`, 'Ana Scorecard', viewport.width);
      assert.equal(await figureOf(page, 'Ratings'), String(row.ratings));
      assert.equal(await figureOf(page, 'Average'), row.average!.toFixed(2));
      const text = (await page.locator('main').textContent()) ?? '';
      assert.ok(text.includes('Ana found exactly what we needed'), 'the shout-out is on the card');
      assert.ok(!text.includes('Ben Otherperson'), 'no other staff member appears');
      if (!url) {
        await page.getByRole('button', { name: 'Share link' }).click();
        url = (await page.getByTestId('share-url').textContent()) ?? '';
        assert.match(url, /\/scorecard\/[A-Za-z0-9_-]{43}$/);
      }
      await settle(page, { dismissToasts: true });
      await ctx.screenshot(page, `scorecard-${viewport.width}`);
    }

    const token = url.slice(url.lastIndexOf('/') + 1);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const page = await ctx.newPage(viewport);
      await openCard(page, `/scorecard/${token}`, 'Ana Scorecard', viewport.width);
      assert.equal(await figureOf(page, 'Ratings'), String(row.ratings));
      assert.equal(
        await page.getByRole('button', { name: 'Share link' }).count(),
        0,
        'the shared card is read-only',
      );
      await settle(page);
      await ctx.screenshot(page, `public-${viewport.width}`);
    }

    const { shares } = (await call(ctx, user.token, 'GET', `/scorecards/${ana}/shares`)) as {
      shares: Array<{ _id: string }>;
    };
    await call(ctx, user.token, 'DELETE', `/scorecards/shares/${shares[0]!._id}`);
    const page = await ctx.newPage(VIEWPORTS.mobile);
    await page.goto(`/scorecard/${token}`);
    await page.getByText('This scorecard is no longer shared').waitFor({ timeout: 15_000 });
    await ctx.screenshot(page, 'public-revoked-390');
  },
};
