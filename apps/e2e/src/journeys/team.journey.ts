// Teams (#21): an owner signs up, creates two stores and invites a store manager for one of them; the manager joins
// from the mailed link as a new user, sees only that store's figures and feedback, is told billing is the owner's and
// switches an interface and makes a breakroom board link; the owner reads the invitation and the change in the audit
// log, removes the manager (the dialog lists the board link, switched off by default, and it stops working), and the
// manager's next action lands on "You no longer have access". Team, Audit log, Accept-invitation and the removal
// dialog at 390 and 1280 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey, JourneyContext } from '../harness';
import type { CapturedMail } from '../mailbox';
import { callJson, rateAsCustomer } from './api';
import {
  TEXTS,
  VIEWPORTS,
  chooseFromAccountMenu,
  dialog,
  expectToast,
  openLoginDialog,
  settle,
  uniqueEmail,
  openVerificationLink,
} from './auth-steps';
import { shootBoth } from './screens';

const STORE_A = 'Team Journey Soho';
const STORE_B = 'Team Journey Camden';
const COMMENT_A = 'Soho: lovely flat white, quick service';
const COMMENT_B = 'Camden: the queue was far too long';
const BILLING_OWNER_ONLY = 'Only the owner can manage the subscription';
const NO_ACCESS = 'You no longer have access';
const PASSWORD = 'TeamJourney1!';

/** The accept link in the invitation mail (`${PUBLIC_WEB_URL}/accept-invitation?token=…`). */
function invitationLinkIn(mail: CapturedMail): string {
  const link = /(https?:\/\/\S+\/accept-invitation\?token=[\w.%-]+)/.exec(mail.text)?.[1];
  assert.ok(link, `no invitation link in: ${mail.text}`);
  return link;
}

async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function signUpOwner(ctx: JourneyContext, page: Page, email: string): Promise<void> {
  await page.goto('/');
  const login = await openLoginDialog(page);
  await login.getByRole('button', { name: 'Sign up' }).click();
  const signup = dialog(page, 'Sign Up');
  await signup.waitFor();
  await signup.getByLabel('Full Name').fill('Olive Owner');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expectToast(page, TEXTS.signupSuccess);
  const mail = await ctx.mailbox.waitFor(email, (m) => /verify your email/i.test(m.subject));
  await openVerificationLink(page, mail);
}

async function createStore(page: Page, name: string): Promise<void> {
  await open(page, '/manage-stores', 'Manage Stores');
  await page.getByRole('button', { name: 'Add store' }).first().click();
  const form = dialog(page, 'Add a store');
  await form.waitFor();
  await form.getByRole('textbox', { name: 'Store name' }).fill(name);
  await form.getByRole('combobox', { name: 'Time zone' }).fill('Europe/London');
  await form.getByRole('button', { name: 'Create store' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('row', { name, exact: true }).waitFor();
}

async function storeIds(ctx: JourneyContext, token: string): Promise<Record<string, string>> {
  const res = await fetch(`${ctx.apiUrl}/api/v1/store`, { headers: { authorization: `Bearer ${token}` } });
  const { stores } = (await res.json()) as { stores: Array<{ _id: string; name: string }> };
  return Object.fromEntries(stores.map((s) => [s.name, s._id]));
}

async function inviteManager(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Invite' }).click();
  const form = dialog(page, 'Invite a team member');
  await form.waitFor();
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).selectOption('manager');
  await form.getByRole('checkbox', { name: STORE_A }).locator('..').click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await form.waitFor({ state: 'hidden' });
  await page
    .getByRole('list', { name: 'Pending invitations' })
    .getByRole('listitem', { name: email })
    .waitFor();
}

export const journey: Journey = {
  name: 'teams: invite a store manager, scoped figures, billing refused, audit log, removal',
  async run(ctx) {
    const ownerEmail = uniqueEmail('team-owner');
    const managerEmail = uniqueEmail('team-manager');
    const owner = await ctx.newPage(VIEWPORTS.desktop);
    await signUpOwner(ctx, owner, ownerEmail);
    await createStore(owner, STORE_A);
    await createStore(owner, STORE_B);
    const ownerToken = await owner.evaluate(() => localStorage.getItem('token'));
    assert.ok(ownerToken, 'the owner is signed in');
    const ids = await storeIds(ctx, ownerToken);
    assert.ok(ids[STORE_A] && ids[STORE_B], 'both stores exist');
    await rateAsCustomer(ctx, { store: ids[STORE_A], score: 4, comment: COMMENT_A });
    await rateAsCustomer(ctx, { store: ids[STORE_B], score: 4, comment: COMMENT_B });

    // The Team page is reached from the profile menu (the side navigation keeps its twelve items).
    await owner.goto('/dashboard');
    await chooseFromAccountMenu(owner, 'Team');
    await owner.waitForURL('**/team');
    await owner.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await inviteManager(owner, managerEmail);
    const ownerRow = owner
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem', { name: 'Olive Owner' });
    await ownerRow.getByText('Owner', { exact: true }).waitFor();
    await shootBoth(ctx, owner, 'team', VIEWPORTS.desktop);

    // The manager joins from the mailed link as a new person, on a phone.
    const mail = await ctx.mailbox.waitFor(managerEmail, (m) => /accept-invitation\?token=/.test(m.text));
    const link = new URL(invitationLinkIn(mail));
    const manager = await ctx.newPage(VIEWPORTS.mobile);
    await manager.goto(`${link.pathname}${link.search}`);
    await manager.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
    await manager.getByText('Store manager', { exact: true }).waitFor();
    await shootBoth(ctx, manager, 'accept-invitation', VIEWPORTS.mobile);
    const form = manager.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Full name').fill('Milo Manager');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await manager.waitForURL('**/dashboard');
    await manager.getByText('Welcome, Milo', { exact: true }).waitFor();

    // Only their store: its feedback, not the other store's; its league row, not the other's.
    await open(manager, '/customers-feedback?period=last30', 'CX Feedback Timeline');
    const timeline = manager.getByRole('list', { name: 'Feedback timeline' });
    await timeline.getByText(COMMENT_A).waitFor();
    assert.equal(await manager.getByText(COMMENT_B).count(), 0, "another store's comment is not shown");
    await open(manager, '/store-performance?period=last30', 'Store League Table');
    // The league's row (the store filter's <option> of the same name is hidden until the select opens).
    await manager.getByText(STORE_A).filter({ visible: true }).first().waitFor();
    await manager.waitForLoadState('networkidle');
    assert.equal(await manager.getByText(STORE_B).count(), 0, 'another store is not in the league table');

    // Billing is the owner's: said plainly, not a failing page.
    await open(manager, '/my-subscription', 'My Subscription');
    await manager.getByText(BILLING_OWNER_ONLY).waitFor();

    // A change the audit log must show: the manager switches the store's social media interface off.
    await open(manager, '/interface-settings', 'Interface Settings');
    const card = manager.getByRole('article', { name: `${STORE_A} interfaces` });
    const social = card.getByRole('checkbox', { name: /Review and social links/ });
    await social.locator('..').click();
    await manager.waitForFunction((el) => !(el as HTMLInputElement).checked, await social.elementHandle());
    await manager.waitForLoadState('networkidle');
    assert.equal(await manager.getByRole('article', { name: `${STORE_B} interfaces` }).count(), 0);

    // The manager makes a breakroom board link for their store: it belongs to the business, made by them.
    const managerToken = await manager.evaluate(() => localStorage.getItem('token'));
    const board = (await callJson(ctx, 'POST', '/boards', { store: ids[STORE_A] }, managerToken)) as {
      url: string;
    };
    const boardToken = board.url.split('/board/')[1]!;
    const boardLink = () => fetch(`${ctx.apiUrl}/api/v1/boards/public/${boardToken}`).then((r) => r.status);
    assert.equal(await boardLink(), 200, 'the board link works while its maker is a member');

    // The owner reads the invitation and the manager's change in the audit log.
    await open(owner, '/team/audit', 'Audit log');
    const changes = owner.getByRole('list', { name: 'Changes, newest first' });
    await changes
      .getByRole('listitem')
      .filter({ hasText: 'Milo Manager' })
      .filter({ hasText: 'Interface switches' })
      .first()
      .waitFor();
    await changes.getByRole('listitem').filter({ hasText: 'Invitations' }).first().waitFor();
    await owner.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Milo Manager' });
    await owner.waitForURL((url) => url.searchParams.has('actor'));
    await changes.getByRole('listitem').filter({ hasText: STORE_A }).first().waitFor();
    assert.equal(await changes.getByRole('listitem').filter({ hasText: 'Olive Owner' }).count(), 0);
    await shootBoth(ctx, owner, 'audit-log', VIEWPORTS.desktop);

    // The owner removes the manager; the manager's next action lands on the no-access page.
    await open(owner, '/team', 'Team');
    const row = owner.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Milo Manager' });
    await row.getByRole('button', { name: 'Remove Milo Manager' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Remove from the team?' });
    // What the manager made is listed, switched off unless the owner keeps it.
    const made = confirm
      .getByRole('list', { name: 'What Milo Manager made' })
      .getByRole('listitem', { name: `Breakroom board of ${STORE_A}` });
    const switchOff = made.getByRole('radio', { name: 'Switch off' });
    await switchOff.waitFor({ state: 'attached' });
    assert.ok(await switchOff.isChecked(), 'switch off is the default');
    await shootBoth(ctx, owner, 'team-remove-links', VIEWPORTS.desktop);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(owner, 'Milo Manager was removed from the team');
    await row.waitFor({ state: 'detached' });
    assert.equal(await boardLink(), 404, "the removed manager's board link is switched off");

    // The socket is closed by the server, which may already have moved the page; otherwise the next click does.
    if (!new URL(manager.url()).pathname.startsWith('/no-access')) {
      await manager.goto('/overview').catch(() => undefined);
    }
    await manager.waitForURL('**/no-access', { timeout: 15000 });
    await manager.getByRole('heading', { level: 1, name: NO_ACCESS }).waitFor();
    await settle(manager, { dismissToasts: true });
    await ctx.screenshot(manager, 'no-access-390');
    await manager.getByRole('button', { name: 'Log out' }).click();
    await manager.waitForURL((url) => url.pathname === '/');
  },
};
