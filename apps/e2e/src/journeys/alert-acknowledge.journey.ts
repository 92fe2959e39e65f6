// Alert acknowledgement (#24): four low ratings fire the "many low ratings" alert, whose mail carries a signed link;
// the link's page acknowledges on a press (390 and 1280 px), and a single low-rating alert is acknowledged in the bell.
import assert from 'node:assert/strict';
import type { Journey } from '../harness';
import { postJson, rateAsCustomer } from './api';
import { VIEWPORTS, settle } from './auth-steps';

const STORE = 'Quayside Bakery';

export const journey: Journey = {
  name: 'alert acknowledgement by the mailed link and in the bell',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Alma Alerts' });
    const { store } = (await postJson(
      ctx,
      '/store/create',
      { name: STORE, timeZone: 'Europe/London' },
      owner.token,
    )) as { store: { _id: string } };
    // the default rules: each 1-star rating is a low-rating alert (in the app); four in 15 minutes, all low, is
    // the "many low ratings" alert, which is also mailed with its acknowledge link
    for (let i = 0; i < 4; i++)
      await rateAsCustomer(ctx, { store: store._id, score: 1, comment: `Cold coffee ${i}` });
    const mail = await ctx.mailbox.waitFor(owner.email, (m) => m.text.includes('Acknowledge this alert:'));
    const link = /Acknowledge this alert: (http\S+\/alerts\/acknowledge\?token=\S+)/.exec(mail.text)?.[1];
    assert.ok(link, `no acknowledge link in: ${mail.text}`);

    // opening the link changes nothing (mail scanners open links): the page waits for a press
    const phone = await ctx.newPage(VIEWPORTS.mobile);
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Acknowledge alert' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the acknowledge page scrolls sideways by ${overflow} px at 390`);
    await settle(phone);
    await ctx.screenshot(phone, 'acknowledge-link-390');

    const desk = await ctx.newPage(VIEWPORTS.desktop);
    await desk.goto(link);
    await desk.getByRole('button', { name: 'Acknowledge alert' }).click();
    await desk.getByText('Alert acknowledged').waitFor();
    await desk.getByText(/Recorded as Alma Alerts/).waitFor();
    await settle(desk);
    await ctx.screenshot(desk, 'acknowledge-link-1280');
    // the link works once
    await phone.getByRole('button', { name: 'Acknowledge alert' }).click();
    await phone.getByText(/Already acknowledged by Alma Alerts/).waitFor();

    // in the app: the bell lists the alerts, each with its acknowledgement or a button
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const page = await ctx.newPage(viewport);
      await ctx.login(page, owner);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const list = page.getByRole('list', { name: 'Notifications list' });
      await list.waitFor();
      await list
        .getByText(/Acknowledged by Alma Alerts/)
        .first()
        .waitFor();
      if (viewport.width === VIEWPORTS.desktop.width) {
        const acknowledged = list.getByTestId('acknowledgement');
        const had = await acknowledged.count();
        assert.ok(
          (await list.getByRole('button', { name: 'Acknowledge' }).count()) >= 1,
          'the single low-rating alerts can be acknowledged in the bell',
        );
        await list.getByRole('button', { name: 'Acknowledge' }).first().click();
        await acknowledged.nth(had).waitFor();
      }
      await settle(page);
      await ctx.screenshot(page, `bell-acknowledge-${viewport.width}`);
    }
  },
};
