// The dashboard's filters from a journey: inline on a desktop, behind the "Filters" button's sheet on a phone (#36).
import type { Page } from 'playwright-core';

/** Picks `value` in the filter select `name` wherever this width shows it, and closes the phone's sheet after. */
export async function pickFilter(page: Page, name: string, value: string): Promise<void> {
  const button = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
  const inline = page.getByRole('search', { name: 'Dashboard filters' }).getByRole('combobox', { name });
  await button.or(inline).first().waitFor();
  if (!(await button.isVisible())) {
    await inline.selectOption(value);
    return;
  }
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('combobox', { name }).selectOption(value);
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await sheet.waitFor({ state: 'hidden' });
}
