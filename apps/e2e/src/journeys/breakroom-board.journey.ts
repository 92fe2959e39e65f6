// The breakroom board: a TV opens the store's board link without login at 1920×1080, a new rating shows within two
// seconds, nothing negative, no contact detail unmasked, nobody below the minimum sample ranked; the manager's dialog
// (390 and 1280 px) lists the link with its last seen and switches it off → the TV says "switched off".
import assert from 'node:assert/strict';
import { ObjectId } from 'mongodb';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { callJson, rateAsCustomer } from './api';
import { settle } from './auth-steps';

const TV = { width: 1920, height: 1080 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const STORE = 'Harbour Street Deli';

const call = (ctx: JourneyContext, method: string, path: string, body: unknown, token?: string) =>
  callJson(ctx, method, path, body, token);

const rate = (ctx: JourneyContext, store: string, staff: string | null, score: number, comment = '') =>
  rateAsCustomer(ctx, { store, staff, score, comment });

/** A store, three people (Carol below the minimum sample of 3), and two labelled comments that name a person. */
async function arrange(ctx: JourneyContext, user: TestUser) {
  await call(ctx, 'PUT', '/analytics/settings', { minSample: 3 }, user.token);
  const { store } = (await call(
    ctx,
    'POST',
    '/store/create',
    { name: STORE, timeZone: 'Europe/London' },
    user.token,
  )) as {
    store: { _id: string };
  };
  const people: Record<string, string> = {};
  for (const name of ['Alice Archer', 'Bob Baker', 'Carol Cooper']) {
    const res = (await call(
      ctx,
      'POST',
      '/staff/create',
      { name, role: 'Server', stores: [store._id] },
      user.token,
    )) as {
      staff: { _id: string };
    };
    people[name.split(' ')[0]!] = res.staff._id;
  }
  for (const score of [5, 5, 5]) await rate(ctx, store._id, people.Alice!, score);
  for (const score of [4, 4, 3]) await rate(ctx, store._id, people.Bob!, score);
  await rate(ctx, store._id, people.Carol!, 5);
  // What the insight reaction would label: a kind comment with contact details, and a rude one, both naming a person.
  await rate(
    ctx,
    store._id,
    people.Alice!,
    5,
    'Alice was wonderful! Mail me at sam.jones@example.com or ring 07700 900456, www.samjones.example.com',
  );
  await rate(ctx, store._id, people.Bob!, 5, 'Bob was rude to my mother');
  const label = (fragment: string, staff: string, sentiment: string) =>
    ctx.db.collection('ratings').updateOne(
      { comment: { $regex: fragment }, store: new ObjectId(store._id) },
      {
        $set: {
          insight: { language: 'en', sentiment: { label: sentiment, score: 0.5 }, themes: [] },
          shoutOut: { staff: new ObjectId(staff), hidden: false },
        },
      },
    );
  await label('wonderful', people.Alice!, 'positive');
  await label('rude', people.Bob!, 'negative');
  return store._id;
}

async function todayCount(tv: Page): Promise<number> {
  return Number((await tv.getByTestId('board-today').innerText()).trim());
}

async function openDialog(ctx: JourneyContext, user: TestUser, viewport: typeof DESKTOP): Promise<Page> {
  const page = await ctx.newPage(viewport);
  await ctx.login(page, user);
  await page.goto('/manage-stores');
  await page.getByRole('button', { name: `Breakroom board for ${STORE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Breakroom board' });
  await dialog.getByRole('listitem').first().waitFor();
  await settle(page);
  return page;
}

export const journey: Journey = {
  name: 'breakroom board on a TV',
  async run(ctx) {
    const user = await ctx.createUser({ fullname: 'Mara Manager' });
    const store = await arrange(ctx, user);
    const { url } = (await call(ctx, 'POST', '/boards', { store }, user.token)) as { url: string };
    const token = url.split('/board/')[1]!;

    // 1. The TV: no login, the board of the store.
    const tv = await ctx.newPage(TV);
    const socketOpened = tv.waitForEvent('websocket', { timeout: 30_000 });
    await tv.goto(`/board/${token}`);
    await tv.getByRole('heading', { name: STORE }).waitFor({ timeout: 30_000 });
    await socketOpened;
    assert.equal(await tv.getByRole('button', { name: /log in/i }).count(), 0, 'no login on the TV');
    const ranking = tv.getByRole('list', { name: 'Team ranking' });
    const ranked = await ranking.getByRole('listitem').allInnerTexts();
    assert.deepEqual(
      ranked.map((t) => t.replace(/\s+/g, ' ').trim()),
      ['1 A Alice', '2 B Bob'],
      'Alice and Bob ranked, first names only',
    );
    await tv.getByRole('list', { name: 'Getting started' }).getByText('Carol').waitFor();
    const wall = await tv.locator('body').innerText();
    assert.ok(!/Archer|Baker|Cooper/.test(wall), 'no surnames on the wall');
    assert.ok(
      wall.includes('[email]') && wall.includes('[phone]') && wall.includes('[link]'),
      'contact details masked',
    );
    for (const leak of ['sam.jones', '900456', 'samjones.example', 'rude']) {
      assert.ok(!wall.includes(leak), `"${leak}" must not be on the board`);
    }

    // 2. A new rating reaches the board within two seconds.
    const before = await todayCount(tv);
    const started = Date.now();
    await rate(ctx, store, null, 5);
    await tv.waitForFunction(
      (want) => document.querySelector('[data-testid="board-today"]')?.textContent?.trim() === String(want),
      before + 1,
      { timeout: 2_000 },
    );
    const took = Date.now() - started;
    assert.ok(took < 2_000, `the board updated after ${took} ms`);
    await ctx.screenshot(tv, 'board-1920');

    // 3. The manager's dialog: the link with its last seen, at 390 and 1280 px.
    const phone = await openDialog(ctx, user, PHONE);
    await ctx.screenshot(phone, 'dialog-390');
    const scrollWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= PHONE.width, `the dialog fits 390 px (scroll width ${scrollWidth})`);
    const desk = await openDialog(ctx, user, DESKTOP);
    const dialog = desk.getByRole('dialog', { name: 'Breakroom board' });
    await dialog.getByText(/^Last seen /).waitFor();
    await ctx.screenshot(desk, 'dialog-1280');

    // 4. Switched off from the dialog: the TV says so, neutrally, by itself.
    await dialog.getByRole('button', { name: 'Switch off', exact: true }).click();
    await dialog.getByRole('button', { name: 'Switch off now' }).click();
    await dialog.getByText('No board links yet').waitFor();
    await tv.getByText('This board has been switched off').waitFor({ timeout: 10_000 });
    await settle(tv);
    await ctx.screenshot(tv, 'switched-off-1920');
    const res = await fetch(`${ctx.apiUrl}/api/v1/boards/public/${token}`);
    assert.equal(res.status, 404, 'the link is off for good');

    // 5. A new TV paired with the dialog's short code: typed at /tv, no link to copy across.
    await dialog.getByRole('button', { name: 'Pair a TV with a code' }).click();
    const code = (await dialog.getByTestId('pairing-code').innerText()).trim();
    assert.match(
      code,
      /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/,
      `a 6-character code without look-alikes: ${code}`,
    );
    const qr = dialog.getByRole('img', { name: /^QR code that opens the board/ });
    assert.match((await qr.getAttribute('data-qr-value')) ?? '', new RegExp(`/tv\\?code=${code}$`));
    await settle(desk);
    await ctx.screenshot(desk, 'pairing-1280');
    const phoneDialog = phone.getByRole('dialog', { name: 'Breakroom board' });
    await phoneDialog.getByRole('button', { name: 'Pair a TV with a code' }).click();
    await phoneDialog.getByTestId('pairing-code').waitFor();
    await settle(phone);
    await ctx.screenshot(phone, 'pairing-390');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the pairing code fits 390 px (scroll width ${width})`);

    const paired = await ctx.newPage(TV);
    await paired.goto('/tv');
    const input = paired.getByRole('textbox', { name: 'Pairing code' });
    await input.fill('ZZZZZZ');
    await paired.getByRole('button', { name: 'Open board' }).click();
    await paired
      .getByRole('alert')
      .getByText(/wrong, already used or expired/)
      .waitFor();
    await settle(paired);
    await ctx.screenshot(paired, 'tv-wrong-code-1920');
    await input.fill(code.toLowerCase());
    await paired.getByRole('button', { name: 'Open board' }).click();
    await paired.getByRole('heading', { name: STORE }).waitFor({ timeout: 30_000 });
    assert.match(new URL(paired.url()).pathname, /^\/board\/[A-Za-z0-9_-]{43}$/);
    await paired.setViewportSize(PHONE);
    await paired.goto('/tv');
    await input.waitFor();
    await settle(paired);
    await ctx.screenshot(paired, 'tv-390');
  },
};
