// The business layout: side navigation order and highlighting, drawer, top bar, logout; and the public header's height.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { businessNavItems, paths } from '@/config/paths';
import { renderApp } from '@/testing/render-app';

const SPEC_NAV_ORDER = [
  'Snapshot',
  'Overview',
  'Staff on Shift',
  'Staff League Table',
  'Store League Table',
  'CX Feedback Timeline',
  'Rota',
  'Interface Settings',
  'Manage Staff',
  'Manage Stores',
  'Performance Notifications',
  'My Subscription',
];

async function openDrawerNav() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
  const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
  return within(drawer).getByRole('navigation', { name: 'Dashboard' });
}

describe('business layout', () => {
  it('lists the twelve titled items in spec order and marks the current one', async () => {
    renderApp(paths.business.storePerformance.path, { token: 'abc' });
    await screen.findByRole('heading', { level: 1, name: 'Store League Table' });
    // The fixed panel and the drawer render the same SideNav; the permanent panel is hidden below lg in jsdom.
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard', hidden: true })[0]!;
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(SPEC_NAV_ORDER);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(businessNavItems.map((item) => item.path));
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Store League Table');
  });

  it('does not list the payment pages', async () => {
    renderApp(paths.business.paymentSuccess.path, { token: 'abc' });
    await screen.findByRole('heading', { level: 1, name: 'payment success' });
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard', hidden: true })[0]!;
    expect(within(nav).queryByText(/payment/i)).not.toBeInTheDocument();
    expect(within(nav).queryAllByRole('link', { hidden: true, current: 'page' })).toHaveLength(0);
  });

  it('opens the drawer from the menu button and closes it when a link changes the route', async () => {
    const { router } = renderApp(paths.business.dashboard.path, { token: 'abc' });
    const nav = await openDrawerNav();
    expect(within(nav).getByRole('link', { name: 'Snapshot' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('link', { name: 'Rota' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rota' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rota');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation menu' })).not.toBeInTheDocument(),
    );
  });

  it('has an accessible close button in the drawer', async () => {
    renderApp(paths.business.dashboard.path, { token: 'abc' });
    await openDrawerNav();
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation menu' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Navigation menu' })).not.toBeInTheDocument(),
    );
  });

  it('welcomes the user by first name and links the logo to /dashboard', async () => {
    renderApp(paths.business.overview.path, { token: 'abc' });
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const logos = screen.getAllByRole('link', { name: 'CX Journey home', hidden: true });
    expect(logos[0]).toHaveAttribute('href', '/dashboard');
  });

  it('logs out: clears local storage and goes to /', async () => {
    window.localStorage.setItem('someOtherKey', 'x');
    const { router } = renderApp(paths.business.dashboard.path, { token: 'abc' });
    const nav = await openDrawerNav();
    const drawer = nav.closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.length).toBe(0);
  });
});

describe('business top bar', () => {
  it('is 64 px tall on mobile and 80 px from lg, its bottom border counted inside (spec §9)', async () => {
    renderApp(paths.business.overview.path, { token: 'abc' });
    await screen.findByText('Welcome, Ada');
    const header = screen.getAllByRole('banner').find((el) => el.tagName === 'HEADER')!;
    const style = window.getComputedStyle(header);
    expect(style.boxSizing).toBe('border-box');
    expect(style.borderBottomWidth).toBe('1px');
    expect(style.height).toBe('64px');
    // The lg height is a media-query rule jsdom does not apply; the stylesheet must hold it.
    const rules = [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText),
    );
    const headerClass = [...header.classList].find((c) =>
      rules.some((r) => r.includes(`.${c}`) && /height:\s*80px/.test(r)),
    );
    expect(headerClass).toBeDefined();
  });
});

describe('public header', () => {
  it('is 64 px tall on mobile, its bottom border counted inside (spec §9)', async () => {
    renderApp(paths.marketing.home.path);
    const header = (await screen.findAllByRole('banner')).find((el) => el.tagName === 'HEADER')!;
    const style = window.getComputedStyle(header);
    expect(style.boxSizing).toBe('border-box');
    expect(style.borderBottomWidth).toBe('1px');
    expect(style.height).toBe('64px');
  });
});
