// API keys (#24): an owner opens Integrations from the account menu, creates a ratings key (shown once), a system
// reads the feedback timeline with it, the page shows the key's last use, and after a revoke the key answers 401.
// The Integrations page at 390 and 1280 px, and the shown-once dialog.
import assert from 'node:assert/strict';
import type { Journey, JourneyContext } from '../harness';
import { VIEWPORTS, chooseFromAccountMenu, dialog, expectToast, settle } from './auth-steps';
import { shootBoth } from './screens';
import { postJson, rateAsCustomer } from './api';

const KEY_NAME = 'Journey BI export';
const COMMENT = 'Integrations journey: the barista was wonderful';

async function arrangeStoreWithRating(ctx: JourneyContext, token: string): Promise<void> {
  const { store } = (await postJson(
    ctx,
    '/store/create',
    { name: 'Integrations Journey Store', timeZone: 'Europe/London' },
    token,
  )) as { store: { _id: string } };
  await rateAsCustomer(ctx, { store: store._id, score: 5, comment: COMMENT });
}

/** What another system does with the key: GET the timeline with the key as bearer. */
async function readTimeline(ctx: JourneyContext, key: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${ctx.apiUrl}/api/v1/analytics/timeline?period=last7`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: res.status, text: await res.text() };
}

export const journey: Journey = {
  name: 'integrations: create an API key, read the timeline with it, revoke it',
  async run(ctx) {
    const owner = await ctx.createUser({ fullname: 'Ingrid Integrator' });
    await arrangeStoreWithRating(ctx, owner.token);
    const page = await ctx.newPage(VIEWPORTS.desktop);
    await ctx.login(page, owner);

    await chooseFromAccountMenu(page, 'Integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await page.getByText('No API keys yet').waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = dialog(page, 'Create an API key');
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill(KEY_NAME);
    assert.equal(await form.getByRole('checkbox', { name: /Read ratings/ }).isChecked(), true);
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = dialog(page, 'Copy your API key');
    await shown.waitFor();
    await shown.getByText('This is the only time the key is shown').waitFor();
    const key = (await shown.getByLabel('Your new API key').innerText()).trim();
    assert.match(key, /^cxk_[\w-]{32}$/);
    await settle(page);
    await ctx.screenshot(page, 'key-shown-once');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'hidden' });
    const row = page.getByRole('listitem', { name: KEY_NAME });
    await row.waitFor();
    assert.ok(!(await page.content()).includes(key), 'the key is still on the page after the dialog closed');

    const used = await readTimeline(ctx, key);
    assert.equal(used.status, 200, `the timeline answered ${used.status}: ${used.text}`);
    assert.ok(used.text.includes(COMMENT), 'the key did not read the business’s rating');
    await page.reload();
    await row.waitFor();
    await row.getByText('Never').waitFor({ state: 'detached' });
    await shootBoth(ctx, page, 'integrations');

    await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the API key?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, `The key "${KEY_NAME}" was revoked`);
    await row.getByText('Revoked', { exact: true }).waitFor();
    const refused = await readTimeline(ctx, key);
    assert.equal(refused.status, 401, `a revoked key answered ${refused.status}`);
  },
};
