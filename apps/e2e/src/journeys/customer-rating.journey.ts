// The anonymous customer on a 390 px phone: QR link → on-shift person → 4 stars → experience (1 star) → social → thanks;
// a kiosk counting down back to the start; and a rating sent while the API is unreachable arriving once it is back.
import assert from 'node:assert/strict';
import { GridFSBucket, ObjectId, type Db } from 'mongodb';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext } from '../harness';
import { postJson } from './api';

const PHONE = { width: 390, height: 844 };
/** A 1×1 PNG: the store image the public header shows. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function saveImage(db: Db): Promise<string> {
  const upload = new GridFSBucket(db, { bucketName: 'files' }).openUploadStream('store.png', {
    metadata: { contentType: 'image/png', purpose: 'store' },
  });
  await new Promise<void>((resolve, reject) =>
    upload
      .once('finish', () => resolve())
      .once('error', reject)
      .end(PNG),
  );
  return upload.id.toString();
}

/**
 * A new business owner's store with two people, only Olivia on the rota right now (shift stored as UTC instants, as
 * the rota does): every figure the journey checks belongs to it, whatever other journeys (or runs) left behind.
 */
export async function arrangeStore(ctx: JourneyContext) {
  const ownerUser = await ctx.createUser({ fullname: 'Rita Retail' });
  const owner = new ObjectId(ownerUser.id);
  const now = new Date();
  const storeId = new ObjectId();
  await ctx.db.collection('stores').insertOne({
    _id: storeId,
    business: owner,
    name: 'Harbour Coffee',
    image: await saveImage(ctx.db),
    address: '1 Quay Street',
    timeZone: 'Europe/London',
    openingHours: [],
    socialLinks: {
      googleReview: 'https://g.page/r/harbour-coffee/review',
      instagram: 'https://www.instagram.com/harbourcoffee',
    },
    interfaces: { interface1: { status: true }, interface2: { status: true }, interface3: { status: true } },
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  const staff = (name: string, role: string) => ({
    _id: new ObjectId(),
    business: owner,
    name,
    role,
    photo: null,
    stores: [storeId],
    active: true,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  const olivia = staff('Olivia Bennett', 'Barista');
  const harry = staff('Harry Clarke', 'Cashier');
  await ctx.db.collection('staffs').insertMany([olivia, harry]);
  const hour = 3600_000;
  await ctx.db.collection('shifts').insertMany([
    {
      business: owner,
      store: storeId,
      staff: olivia._id,
      start: new Date(now.getTime() - hour),
      end: new Date(now.getTime() + 2 * hour),
      day: now.toISOString().slice(0, 10),
      createdAt: now,
      updatedAt: now,
    },
    {
      business: owner,
      store: storeId,
      staff: harry._id,
      start: new Date(now.getTime() - 6 * hour),
      end: new Date(now.getTime() - hour),
      day: now.toISOString().slice(0, 10),
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return { storeId: storeId.toString(), olivia, harry, ownerToken: ownerUser.token };
}

/** Enrols a kiosk for the store as the owner would, and keeps its credential in the tablet page's storage. */
async function enrolKiosk(ctx: JourneyContext, page: Page, storeId: string, token: string): Promise<void> {
  // The owner enrols the tablet (postJson throws unless the API answers 2xx).
  const { _id, credential } = (await postJson(
    ctx,
    `/stores/${storeId}/kiosks`,
    { label: 'Counter tablet' },
    token,
  )) as {
    _id: string;
    credential: string;
  };
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    `cx.kiosk-tablet.${storeId}`,
    JSON.stringify({ id: _id, credential }),
  ] as const);
}

/** Taps the visible star of a rating radio (the input itself is visually hidden behind it). */
async function tapStar(page: Page, name: string): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
}

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const journey: Journey = {
  name: 'customer rates staff, experience and shares',
  async run(ctx) {
    const { storeId, olivia, ownerToken } = await arrangeStore(ctx);
    const ratings = ctx.db.collection('ratings');

    // 1. A phone opens the QR link.
    const page = await ctx.newPage(PHONE);
    await page.goto(`/rate-staff?store=${storeId}`);
    await page.getByRole('heading', { level: 1, name: 'Rate our staff' }).waitFor();
    await page.getByText('100% Anonymous!').waitFor();
    await page.getByTestId('header-store-name').getByText('Harbour Coffee').waitFor();
    const image = page.getByRole('img', { name: 'Harbour Coffee' });
    await image.waitFor();
    const width = await image.evaluate((img: HTMLImageElement) =>
      img.complete
        ? img.naturalWidth
        : new Promise<number>((resolve) => {
            img.addEventListener('load', () => resolve(img.naturalWidth));
            img.addEventListener('error', () => resolve(0));
          }),
    );
    assert.ok(width > 0, 'store image loads');
    const staffCards = page.getByRole('link', { name: /^Rate / });
    await page.getByRole('link', { name: 'Rate Olivia, Barista' }).waitFor();
    assert.equal(await staffCards.count(), 1, 'only the person on shift is offered');
    await ctx.screenshot(page, '1-staff-390');

    // 2. Four stars with a comment.
    await page.getByRole('link', { name: 'Rate Olivia, Barista' }).click();
    await page.getByText('How was Olivia today?').waitFor();
    await tapStar(page, '4 of 5 stars, Good');
    await page.getByRole('button', { name: 'Friendly' }).click();
    await page
      .getByRole('textbox', { name: 'Anything to add? (optional)' })
      .fill('Remembered my usual order');
    await ctx.screenshot(page, '2-rate-staff-390');
    await page.getByRole('button', { name: 'Send rating' }).click();
    await page.waitForURL('**/rate-experience?store=*');

    // 3. The experience, one star — and the social links are still offered.
    await page.getByRole('link', { name: '1 of 5 stars, Terrible' }).click();
    await page.waitForURL('**/after-scan-experience?**');
    await page.getByRole('button', { name: 'Send rating' }).click();
    await page.waitForURL('**/visit-social-media?store=*');
    await page.getByRole('link', { name: /Review us on Google/ }).waitFor();
    await page.getByRole('link', { name: /Instagram/ }).waitFor();
    await ctx.screenshot(page, '3-social-after-1-star-390');
    await page.getByRole('link', { name: 'No thanks' }).click();
    await page.waitForURL('**/after-scan-thanks?store=*');
    await page.getByText('Thank you for your feedback!').waitFor();
    await page.getByRole('button', { name: 'Start again' }).waitFor();
    await ctx.screenshot(page, '4-thanks-390');

    const staffRating = await waitFor('the staff rating', () =>
      ratings.findOne({ staff: olivia._id, kind: 'staff' }),
    );
    assert.equal(staffRating.score, 4);
    assert.equal(staffRating.comment, 'Remembered my usual order');
    assert.deepEqual(staffRating.tags, ['Friendly']);
    assert.equal(staffRating.outsideShift, false);
    const experience = await waitFor('the experience rating', () =>
      ratings.findOne({ store: new ObjectId(storeId), kind: 'experience' }),
    );
    assert.equal(experience.score, 1);
    await waitFor('the visit', () =>
      ctx.db.collection('feedbackevents').findOne({ type: 'visit', store: new ObjectId(storeId) }),
    );

    // 4. An enrolled kiosk (the Select Store hand-over's credential, kept on the tablet) counts down back to the start
    // for the next customer; only the credential, never the URL's kiosk=1, makes its ratings a kiosk's.
    const kiosk = await ctx.newPage(PHONE);
    await enrolKiosk(ctx, kiosk, storeId, ownerToken);
    await kiosk.goto(`/rate-staff?store=${storeId}&kiosk=1`);
    await kiosk.getByRole('link', { name: 'Rate Olivia, Barista' }).click();
    await tapStar(kiosk, '5 of 5 stars, Excellent');
    await kiosk.getByRole('button', { name: 'Send rating' }).click();
    await kiosk.waitForURL('**/rate-experience?store=*');
    await kiosk.getByRole('link', { name: 'Skip' }).click();
    // The shared tablet offers the review links as QR codes to scan with the customer's own phone.
    await kiosk.getByRole('img', { name: 'QR code for Review us on Google' }).waitFor();
    await ctx.screenshot(kiosk, '5-kiosk-social-qr-390');
    await kiosk.getByRole('link', { name: 'No thanks' }).click();
    await kiosk.waitForURL('**/thanks?store=*');
    assert.match(
      (await kiosk.getByRole('timer').textContent()) ?? '',
      /Starting again for the next customer in \d+ s/,
    );
    assert.ok(await kiosk.getByRole('button', { name: 'Start again' }).isVisible());
    await ctx.screenshot(kiosk, '6-kiosk-countdown-390');
    await kiosk.waitForURL(`**/rate-staff?store=${storeId}`, { timeout: 15_000 });
    await kiosk.getByRole('link', { name: 'Rate Olivia, Barista' }).waitFor();
    assert.equal(await ratings.countDocuments({ staff: olivia._id, source: 'kiosk' }), 1);

    // 5. A rating sent while the API is unreachable is kept, shown as "Saved, sending…", and delivered once it returns.
    const offline = await ctx.newPage(PHONE);
    await offline.goto(`/rate-experience?store=${storeId}`);
    await offline.getByRole('link', { name: '3 of 5 stars, Okay' }).click();
    await offline
      .getByRole('textbox', { name: 'Anything to add? (optional)' })
      .fill('Sent from the basement');
    await offline.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
    await offline.getByRole('button', { name: 'Send rating' }).click();
    await offline.waitForURL('**/visit-social-media?store=*');
    await offline.getByText('Saved, sending…').waitFor();
    await ctx.screenshot(offline, '7-offline-saved-390');
    const basement = { store: new ObjectId(storeId), comment: 'Sent from the basement' };
    assert.equal(await ratings.countDocuments(basement), 0);
    await offline.unroute('**/api/v1/**');
    await offline.getByText('Sent. Thank you!').waitFor({ timeout: 30_000 });
    const delivered = await waitFor('the offline rating', () => ratings.findOne(basement));
    assert.equal(delivered.score, 3);
    assert.equal(await ratings.countDocuments(basement), 1, 'stored once');

    // 6. On a slow line the app's script comes late: the HTML has already drawn the cards and, on a tap, the rating
    // step; what is done there before the app arrives (a star, a comment, Send) is taken over and sent once.
    const events = ctx.db.collection('feedbackevents');
    const visitsOf = () => events.countDocuments({ type: 'visit', store: new ObjectId(storeId) });
    const visitsBefore = await visitsOf();
    const slow = await ctx.newPage(PHONE);
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await slow.route(/\/assets\/customer-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await slow.goto(`/rate-staff?store=${storeId}`, { waitUntil: 'commit' });
    await slow.getByRole('link', { name: 'Rate Olivia, Barista' }).click();
    await slow.getByText('How was Olivia today?').waitFor();
    await tapStar(slow, '2 of 5 stars, Poor');
    await slow.getByRole('textbox', { name: 'Anything to add? (optional)' }).fill('Drawn before the app');
    await slow.getByRole('button', { name: 'Send rating' }).click();
    await slow.getByRole('button', { name: 'Sending…' }).waitFor();
    const appStarted = () =>
      slow.evaluate(() => !('__cxStore' in window) || 'onTap' in (window.__cxStore as object));
    assert.equal(await appStarted(), false, 'all of it happened before the app ran');
    await ctx.screenshot(slow, '8-drawn-before-the-app-390');
    release();
    await slow.waitForURL('**/rate-experience?store=*');
    const early = { store: new ObjectId(storeId), comment: 'Drawn before the app' };
    const sent = await waitFor('the rating sent before the app', () => ratings.findOne(early));
    assert.equal(sent.score, 2);
    assert.equal(await ratings.countDocuments(early), 1, 'stored once');
    await waitFor(
      'the visit of the page the app never drew',
      async () => (await visitsOf()) === visitsBefore + 1,
    );
  },
};
