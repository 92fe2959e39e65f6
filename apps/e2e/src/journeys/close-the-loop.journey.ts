// Close the loop (#37), at 390 px: a customer rates 1★ with "Order wrong" and asks to be contacted by email; a case
// opens for the store's manager within 2 s, assigned and due by the SLA; the manager replies from the case; the
// customer answers through the mailed link; the manager resolves with a root cause; the customer's "did we put it
// right?" answer (on the same link's page) shows as recovered; every step is in the audit log; the owner's median response and resolution times
// move. The inbox and the case view are shot at 390 and 1280 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import { callJson } from './api';
import { settle, uniqueEmail, VIEWPORTS } from './auth-steps';
import { shootBoth } from './screens';

const STORE = 'Loop Lane Kitchen';
const PASSWORD = 'Close-the-loop-2026!';
const REPLY = 'Sorry we got your order wrong. Your next meal is on us.';
const ANSWER = 'Thank you, that is kind. See you Friday.';
const ACTION = 'Refunded the order and retrained the pass on checking tickets';

type TCaseJson = {
  _id: string;
  number: number;
  status: string;
  priority: 'urgent' | 'high' | 'normal' | 'low';
  owner: { _id: string; name: string } | null;
  dueAt: string;
  createdAt: string;
  recovered: boolean | null;
};
type TMetricsJson = { medianFirstResponseMinutes: number | null; medianResolutionMinutes: number | null };

/** The manager joins through the API (invitation mail → sign-up with its token), covering the one store. */
async function joinAsManager(ctx: JourneyContext, owner: TestUser, storeId: string): Promise<TestUser> {
  const email = uniqueEmail('loop-manager');
  await callJson(
    ctx,
    'POST',
    '/team/invitations',
    { email, role: 'manager', stores: [storeId] },
    owner.token,
  );
  const mail = await ctx.mailbox.waitFor(email, (m) => /accept-invitation\?token=/.test(m.text));
  const token = decodeURIComponent(/accept-invitation\?token=([\w.%-]+)/.exec(mail.text)![1]!);
  const res = (await callJson(ctx, 'POST', '/team/invitations/signup', {
    token,
    fullname: 'Mina Manager',
    password: PASSWORD,
  })) as { token: string; user: Record<string, unknown> & { id?: string; _id?: string } };
  return {
    id: String(res.user.id ?? res.user._id),
    email,
    password: PASSWORD,
    fullname: 'Mina Manager',
    token: res.token,
    user: res.user,
  };
}

/** Polls the manager's inbox until the rating's case is there; fails after `withinMs`. */
async function caseOpenedWithin(
  ctx: JourneyContext,
  manager: TestUser,
  withinMs: number,
): Promise<TCaseJson> {
  const started = Date.now();
  for (;;) {
    const page = (await callJson(ctx, 'GET', '/cases?status=open', undefined, manager.token)) as {
      items: TCaseJson[];
    };
    if (page.items[0]) return page.items[0];
    assert.ok(
      Date.now() - started < withinMs,
      `no case in the manager's inbox ${withinMs} ms after the rating`,
    );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const metrics = async (ctx: JourneyContext, owner: TestUser) =>
  (await callJson(ctx, 'GET', '/analytics/cases?period=today', undefined, owner.token)) as TMetricsJson;

/** The signed reply link in the customer's mail (`${PUBLIC_WEB_URL}/reply/<token>`). */
async function replyLink(ctx: JourneyContext, to: string, subject: RegExp): Promise<string> {
  const mail = await ctx.mailbox.waitFor(
    to,
    (m) => subject.test(m.subject) && /\/reply\/[\w.-]+/.test(m.text),
  );
  const url = /(https?:\/\/\S+\/reply\/[\w.-]+)/.exec(mail.text)?.[1];
  assert.ok(url, `no reply link in: ${mail.text}`);
  return url;
}

async function openCase(page: Page, number: number): Promise<void> {
  await page.goto('/cases');
  await page.getByRole('heading', { level: 1, name: 'Cases' }).waitFor();
  await page.getByRole('link', { name: new RegExp(`^Case #${number}:`) }).click();
  await page.getByRole('heading', { level: 1, name: `Case #${number}` }).waitFor();
}

export const journey: Journey = {
  name: 'close the loop: a complaint becomes a case that is answered, resolved and recovered',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Olga Owner' });
    const { store } = (await callJson(
      ctx,
      'POST',
      '/store/create',
      { name: STORE, timeZone: 'Europe/London' },
      owner.token,
    )) as { store: { _id: string } };
    const manager = await joinAsManager(ctx, owner, store._id);
    const settings = (await callJson(ctx, 'GET', '/cases/settings', undefined, owner.token)) as {
      slaHours: Record<TCaseJson['priority'], number>;
    };
    const before = await metrics(ctx, owner);

    // The customer, on their phone at the store's QR page: 1★ for the visit, "Order wrong", and "I'd like someone to
    // contact me" by email with consent.
    const customer = uniqueEmail('loop-customer');
    const qr = await ctx.newPage(VIEWPORTS.mobile);
    await qr.goto(`/rate-experience?store=${store._id}`);
    await qr.getByRole('link', { name: '1 of 5 stars, Terrible' }).click();
    await qr.waitForURL('**/after-scan-experience?**');
    await qr
      .getByRole('group', { name: 'What went wrong? (optional)' })
      .getByRole('button', { name: 'Order wrong' })
      .click();
    await qr.getByRole('checkbox', { name: "I'd like someone to contact me about this" }).check();
    await qr.getByRole('textbox', { name: 'Email' }).fill(customer);
    await qr.getByRole('checkbox', { name: /^I agree that .+ may contact me about this feedback/ }).check();
    await qr
      .getByRole('textbox', { name: 'Anything to add? (optional)' })
      .fill('My order was wrong and nobody checked it');
    await qr.getByRole('button', { name: 'Send rating' }).click();
    // sent: the page moves on (to the social step, or the thank-you when the store lists no links)
    await qr.waitForURL((url) => !url.pathname.startsWith('/after-scan-experience'));
    const opened = await caseOpenedWithin(ctx, manager, 2000);
    assert.equal(opened.owner?._id, manager.id, 'the case is assigned to the store manager');
    const dueHours = (Date.parse(opened.dueAt) - Date.parse(opened.createdAt)) / 3_600_000;
    assert.ok(
      Math.abs(dueHours - settings.slaHours[opened.priority]) < 0.02,
      `due ${dueHours} h after opening, the SLA says ${settings.slaHours[opened.priority]} h for ${opened.priority}`,
    );

    // The manager, on a phone: the inbox, the case, a reply by email.
    const phone = await ctx.newPage(VIEWPORTS.mobile);
    await ctx.login(phone, manager);
    await phone.goto('/cases');
    await phone.getByRole('heading', { level: 1, name: 'Cases' }).waitFor();
    await phone.getByRole('listitem', { name: `Case #${opened.number}` }).waitFor();
    await shootBoth(ctx, phone, 'cases-inbox', VIEWPORTS.mobile);
    await openCase(phone, opened.number);
    await phone.getByText('My order was wrong and nobody checked it').waitFor();
    const replyBox = phone.getByRole('form', { name: 'Reply to the customer' });
    await replyBox.getByRole('textbox').fill(REPLY);
    await replyBox.getByRole('button', { name: 'Send reply' }).click();
    await phone.getByText('Reply sent by email').waitFor();

    // The customer's mailed link, on their phone: the reply is there, and the answer comes back into the case.
    const link = await replyLink(ctx, customer, /replied about your visit/);
    const customerPage = await ctx.newPage(VIEWPORTS.mobile);
    await customerPage.goto(link);
    await customerPage.getByText(REPLY).waitFor();
    await customerPage.getByRole('textbox').first().fill(ANSWER);
    await customerPage.getByRole('button', { name: 'Send answer' }).click();
    await customerPage.getByText(ANSWER).waitFor();
    await phone.reload();
    await phone.getByText(ANSWER).waitFor();

    // Resolve with a root cause and the action taken.
    const work = phone.getByRole('form', { name: 'Work on this case' });
    await work.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
    await work.getByRole('combobox', { name: 'Root cause' }).selectOption('order_error');
    await work.getByRole('textbox', { name: 'Action taken' }).fill(ACTION);
    await work.getByRole('button', { name: 'Save changes' }).click();
    await phone.getByText(`Case #${opened.number} saved`).waitFor();

    // "Did we put it right?" (asked once after resolution, behind the same link): the customer says yes.
    await customerPage.reload();
    const question = customerPage.getByRole('region', { name: 'Did we put it right?' });
    await question.getByRole('button', { name: 'Yes' }).click();
    await question.waitFor({ state: 'detached' });
    await phone.reload();
    await phone.getByText('Recovered').first().waitFor();
    await settle(phone);
    await shootBoth(ctx, phone, 'case-view', VIEWPORTS.mobile);

    // Every step in the audit log, and the owner's medians moved.
    const audit = (await callJson(ctx, 'GET', '/audit?kind=case', undefined, owner.token)) as {
      entries: Array<{ action: string; summary: string }>;
    };
    assert.ok(audit.entries.length >= 3, `case steps in the audit log: ${JSON.stringify(audit.entries)}`);
    const after = await metrics(ctx, owner);
    assert.notEqual(after.medianFirstResponseMinutes, null, 'the median first response counts the case');
    assert.notEqual(after.medianResolutionMinutes, null, 'the median resolution counts the case');
    assert.ok(
      before.medianFirstResponseMinutes === null || before.medianResolutionMinutes === null,
      'a new business had no medians before its first case',
    );
    const desk = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(desk, owner);
    await desk.goto('/dashboard?period=today');
    const card = desk.getByRole('region', { name: 'Complaint handling' });
    await card.getByTestId('cases-resolution').waitFor();
    assert.notEqual((await card.getByTestId('cases-resolution').textContent())?.trim(), '–');
    assert.notEqual((await card.getByTestId('cases-first-response').textContent())?.trim(), '–');
    await card.scrollIntoViewIfNeeded();
    await settle(desk);
    await ctx.screenshot(desk, 'snapshot-complaint-handling-1280');
  },
};
