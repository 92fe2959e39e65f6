// A chain (#35): the owner imports 40 stores in 2 regions and 4 districts (dry run, then confirm), invites a district
// manager for Glasgow with the area picker and sets Glasgow's target; the manager sees only Glasgow's stores, the area
// league and red/amber/green; the owner moves a store out on the Structure page and it leaves the manager's open page.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Journey, JourneyContext, TestUser } from '../harness';
import type { CapturedMail } from '../mailbox';
import { callJson, rateAsCustomer } from './api';
import { VIEWPORTS, dialog, expectToast, settle, uniqueEmail } from './auth-steps';
import { shootBoth } from './screens';

const DISTRICTS = { Scotland: ['Glasgow', 'Edinburgh'], England: ['Leeds', 'Bristol'] } as const;
const MINE = 'Glasgow';
const store = (district: string, n: number) => `${district} Store ${String(n).padStart(2, '0')}`;
const GLASGOW = Array.from({ length: 10 }, (_, i) => store(MINE, i + 1));
// Glasgow's average-score target 4.2 (amber from 3.99): 5,5 is on target, 4,4 near it, 2,2 below; 03 moves away.
const [GREEN, AMBER, RED] = [GLASGOW[0]!, GLASGOW[1]!, GLASGOW[2]!];
const SCORES: Record<string, number[]> = { [GREEN]: [5, 5], [AMBER]: [4, 4], [RED]: [2, 2] };
const PASSWORD = 'ChainJourney1!';

/** 40 rows: ten stores in each district, each district under its region ("Scotland > Glasgow"). */
function chainCsv(): string {
  const lines = ['code,name,area,timezone'];
  for (const [region, districts] of Object.entries(DISTRICTS))
    for (const district of districts)
      for (let n = 1; n <= 10; n++)
        lines.push(
          `${district.slice(0, 3).toUpperCase()}-${n},${store(district, n)},${region} > ${district},Europe/London`,
        );
  return `${lines.join('\r\n')}\r\n`;
}

function invitationLinkIn(mail: CapturedMail): URL {
  const link = /(https?:\/\/\S+\/accept-invitation\?token=[\w.%-]+)/.exec(mail.text)?.[1];
  assert.ok(link, `no invitation link in: ${mail.text}`);
  return new URL(link);
}

async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function importChain(ctx: JourneyContext, page: Page): Promise<void> {
  await open(page, '/manage-stores', 'Manage Stores');
  await page.getByRole('button', { name: 'Import stores' }).click();
  const form = dialog(page, 'Import stores');
  await form.getByLabel('CSV file').setInputFiles({
    name: 'chain.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(chainCsv()),
  });
  await form.getByRole('button', { name: 'Check file' }).click();
  // The dry run: what would happen, nothing written yet.
  const totals = form.getByTestId('import-totals');
  await totals
    .filter({ hasText: '40 rows: 40 new, 0 changed, 0 moved, 0 unchanged · 6 new areas' })
    .waitFor();
  await form
    .getByRole('table', { name: 'Import rows' })
    .getByRole('row')
    .filter({ hasText: GREEN })
    .waitFor();
  const before = (await callJson(ctx, 'GET', '/store', undefined, await tokenOf(page))).stores as unknown[];
  assert.equal(before.length, 0, 'the dry run writes nothing');
  await shootBoth(ctx, page, 'chain-import-dry-run');
  await form.getByRole('button', { name: 'Confirm import' }).click();
  await form.getByRole('button', { name: 'Done' }).waitFor();
  await shootBoth(ctx, page, 'chain-import-done');
  await form.getByRole('button', { name: 'Done' }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('row', { name: GREEN, exact: true }).waitFor();
}

const tokenOf = async (page: Page): Promise<string> => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  assert.ok(token, 'signed in');
  return token;
};

async function inviteDistrictManager(ctx: JourneyContext, page: Page, email: string): Promise<void> {
  await open(page, '/team', 'Team');
  await page.getByRole('button', { name: 'Invite' }).click();
  const form = dialog(page, 'Invite a team member');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).selectOption('manager');
  await form.getByRole('checkbox', { name: MINE, exact: true }).locator('..').click();
  await settle(page);
  await ctx.screenshot(page, 'chain-invite-district-1280');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await form.waitFor({ state: 'hidden' });
  await page
    .getByRole('list', { name: 'Pending invitations' })
    .getByRole('listitem', { name: email })
    .waitFor();
}

async function setTarget(ctx: JourneyContext, page: Page): Promise<void> {
  await open(page, '/settings-and-notifications/targets', 'Targets');
  await page
    .getByRole('list', { name: 'Areas and stores' })
    .getByRole('button', { name: MINE, exact: true })
    .click();
  const targets = page.getByRole('list', { name: `Targets for ${MINE}` });
  await targets.getByRole('textbox', { name: `Average score target for ${MINE}` }).fill('4.2');
  await targets
    .getByRole('listitem')
    .filter({ hasText: 'Average score' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expectToast(page, 'Average score target saved');
  await targets.getByText('Set here: 4.2').waitFor();
  await shootBoth(ctx, page, 'chain-targets');
}

/** The names in the manager's Store filter, once it lists `count` stores (the stores query may still be loading). */
async function storeFilter(page: Page, count: number): Promise<string[]> {
  const select = page.getByRole('combobox', { name: 'Store' });
  await select.waitFor();
  await page.waitForFunction(([el, n]) => (el as HTMLSelectElement).options.length === n + 1, [
    await select.elementHandle(),
    count,
  ] as const);
  return (await select.locator('option').allTextContents()).slice(1);
}

const chip = (row: Locator, words: string) => row.getByLabel(new RegExp(`^Average score: ${words}, `));

export const journey: Journey = {
  name: 'chain structure: import 40 stores, a district manager, targets and a live move out',
  async run(ctx) {
    const owner: TestUser = await ctx.createUser({ fullname: 'Cora Chain' });
    const desk = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(desk, owner);
    await importChain(ctx, desk);

    const stores = (await callJson(ctx, 'GET', '/store', undefined, owner.token)).stores as Array<{
      _id: string;
      name: string;
    }>;
    assert.equal(stores.length, 40);
    const idOf = (name: string) => stores.find((s) => s.name === name)!._id;
    const areas = (await callJson(ctx, 'GET', '/areas', undefined, owner.token)).areas as Array<{
      name: string;
      parent: string | null;
    }>;
    assert.deepEqual(
      areas
        .filter((a) => a.parent !== null)
        .map((a) => a.name)
        .sort(),
      ['Bristol', 'Edinburgh', 'England', 'Glasgow', 'Leeds', 'Scotland'],
    );
    // Ratings at three Glasgow stores and one elsewhere; two ratings are enough to be ranked in this business.
    await callJson(ctx, 'PUT', '/analytics/settings', { minSample: 2 }, owner.token);
    for (const [name, scores] of Object.entries(SCORES))
      for (const score of scores) await rateAsCustomer(ctx, { store: idOf(name), score });
    for (const score of [5, 5]) await rateAsCustomer(ctx, { store: idOf(store('Edinburgh', 1)), score });

    const managerEmail = uniqueEmail('district-manager');
    await inviteDistrictManager(ctx, desk, managerEmail);
    await setTarget(ctx, desk);

    // The district manager joins from the mailed link.
    const mail = await ctx.mailbox.waitFor(managerEmail, (m) => /accept-invitation\?token=/.test(m.text));
    const link = invitationLinkIn(mail);
    const manager = await ctx.newPage(VIEWPORTS.desktop);
    await manager.goto(`${link.pathname}${link.search}`);
    await manager.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
    const form = manager.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Full name').fill('Duncan District');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await manager.waitForURL('**/dashboard');

    // Snapshot: the district against its target (5,5,4,4,2,2 → 3.67 vs 4.2, below it).
    await open(manager, '/dashboard?period=last30', 'Snapshot');
    await manager.getByText(`Targets · ${MINE}`).waitFor();
    await chip(manager.locator('body'), 'Below target').first().waitFor();
    await shootBoth(ctx, manager, 'chain-manager-snapshot');

    // Store League Table: only Glasgow's ten stores, each against the target, and Glasgow in the area league.
    await open(manager, '/store-performance?period=last30', 'Store League Table');
    assert.deepEqual((await storeFilter(manager, 10)).sort(), GLASGOW);
    const league = manager.getByRole('table', { name: 'Store league table' });
    const rowOf = (name: string) => league.getByRole('row').filter({ hasText: name });
    await chip(rowOf(GREEN), 'On target').waitFor();
    await chip(rowOf(AMBER), 'Near target').waitFor();
    await chip(rowOf(RED), 'Below target').waitFor();
    assert.equal(
      await manager.getByText(store('Edinburgh', 1)).count(),
      0,
      "another district's store is not shown",
    );
    const areaLeague = manager.getByRole('table', { name: 'Area league table' });
    const glasgowRow = areaLeague.getByRole('row').filter({ hasText: MINE });
    await chip(glasgowRow, 'Below target').waitFor();
    await glasgowRow.getByRole('cell', { name: '10', exact: true }).waitFor();
    assert.equal(await areaLeague.getByRole('row').filter({ hasText: 'Edinburgh' }).count(), 0);
    await shootBoth(ctx, manager, 'chain-manager-league');

    // The owner moves the red store to Edinburgh; it leaves the manager's open page without a reload.
    await manager.evaluate(() => {
      (window as unknown as { stillOpen: boolean }).stillOpen = true;
    });
    await open(desk, '/manage-stores/structure', 'Structure');
    await desk.getByRole('button', { name: `Move ${RED} to…` }).click();
    await desk.getByRole('menuitem', { name: 'Edinburgh', exact: true }).click();
    await expectToast(desk, `Moved ${RED} to Edinburgh`);
    await shootBoth(ctx, desk, 'chain-structure-moved');

    await rowOf(RED).waitFor({ state: 'detached', timeout: 20_000 });
    await glasgowRow.getByRole('cell', { name: '9', exact: true }).waitFor();
    assert.deepEqual(
      (await storeFilter(manager, 9)).sort(),
      GLASGOW.filter((n) => n !== RED),
    );
    assert.ok(
      await manager.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen === true),
      'the page was not reloaded',
    );
    // Without the red store Glasgow is on target (5,5,4,4 → 4.5).
    await chip(glasgowRow, 'On target').waitFor();
    const mine = (await callJson(ctx, 'GET', '/store', undefined, await tokenOf(manager)))
      .stores as unknown[];
    assert.equal(mine.length, 9, 'the API answers the manager nine stores');
    await shootBoth(ctx, manager, 'chain-manager-after-move');

    // The audit log says who moved it.
    await open(desk, '/team/audit', 'Audit log');
    await desk
      .getByRole('list', { name: 'Changes, newest first' })
      .getByRole('listitem')
      .filter({ hasText: 'Cora Chain' })
      .filter({ hasText: RED })
      .first()
      .waitFor();
  },
};
