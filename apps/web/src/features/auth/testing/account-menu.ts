// Test helpers for the signed-in header: choosing from the account menu and opening the Profile dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Chooses like a keyboard user: open the menu, arrow down to the item, Enter (jsdom has no real pointer). */
export async function chooseFromAccountMenu(name: string) {
  const trigger = await screen.findByRole('button', { name: /account menu for ada lovelace/i });
  await userEvent.click(trigger);
  const menu = await screen.findByRole('menu');
  // Keys go where focus is: wait until the opened menu holds it (a busy machine moves it a little later).
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  const items = within(menu).getAllByRole('menuitem');
  const index = items.findIndex((item) => item.textContent === name);
  for (let i = 0; i <= index; i += 1) await userEvent.keyboard('{ArrowDown}');
  await waitFor(() => expect(items[index]).toHaveAttribute('data-highlighted'));
  await userEvent.keyboard('{Enter}');
}

export async function openProfile() {
  await chooseFromAccountMenu('Profile');
  return screen.findByRole('dialog', { name: 'Profile' });
}
