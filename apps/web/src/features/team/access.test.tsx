// Refusals spoken plainly (#21): a 403 NO_BUSINESS from any call lands on /no-access (switch business or log out), a
// profile without a business does too, the socket's server-side disconnect re-reads the profile, the chip shows the
// role and switches business, and billing tells a non-owner it is the owner's.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { session } from '@/lib/session';
import { fakeSockets } from '@/testing/fake-socket';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { NO_ACCESS_TITLE } from './routes/NoAccessPage';
import { baseRoutes, BUSINESS, OTHER_BUSINESS, signedInAs, userAs } from './testing/team-fixtures';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => fakeSockets.splice(0));
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const noBusiness = () => jsonResponse(403, { message: ACCESS_MESSAGES.noBusiness, code: 'NO_BUSINESS' });
const twoBusinesses = {
  businesses: [
    { ...BUSINESS, role: 'manager' as const },
    { ...OTHER_BUSINESS, role: 'viewer' as const },
  ],
};

describe('access refusals', () => {
  it('a 403 NO_BUSINESS from a page call lands on "You no longer have access", keeping the session; logout works', async () => {
    mockFetch({
      ...baseRoutes('manager'),
      'GET /api/v1/user/me': ({ calls }) =>
        jsonResponse(200, { user: calls === 1 ? userAs('manager') : userAs(null) }),
      'GET /api/v1/team/members': noBusiness,
    });
    const { router } = renderApp('/team', signedInAs('manager'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-access'));
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS_TITLE })).toBeVisible();
    expect(screen.getByText(ACCESS_MESSAGES.noBusiness, { exact: false })).toBeVisible();
    expect(session.getToken()).toBe('jwt-team');
    // No other business: only logging out is offered.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Switch to another business' })).toBeNull(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(session.getToken()).toBeNull();
  });

  it('offers the other businesses: switching selects it and opens its dashboard', async () => {
    const after = userAs('viewer', {
      business: OTHER_BUSINESS,
      businesses: [{ ...OTHER_BUSINESS, role: 'viewer' }],
    });
    const api = mockFetch({
      ...baseRoutes('manager'),
      'GET /api/v1/user/me': () =>
        jsonResponse(200, { user: userAs(null, { businesses: [{ ...OTHER_BUSINESS, role: 'viewer' }] }) }),
      'PUT /api/v1/user/select-business': () => jsonResponse(200, { message: 'Switched', user: after }),
    });
    const { router } = renderApp('/no-access', signedInAs('manager'));
    const other = await screen.findByRole('button', { name: /Bean Bros/ });
    expect(other).toHaveTextContent('Viewer');
    await userEvent.click(other);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.bodiesOf('PUT /api/v1/user/select-business')).toEqual([{ businessId: OTHER_BUSINESS._id }]);
    expect(session.getUser()?.business).toEqual(OTHER_BUSINESS);
  });

  it('the socket closed by the server re-reads the profile; a removed member ends on /no-access', async () => {
    let removed = false;
    const api = mockFetch({
      ...baseRoutes('manager'),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: removed ? userAs(null) : userAs('manager') }),
    });
    const { router } = renderApp('/dashboard', signedInAs('manager'));
    const socket = await waitFor(() => {
      const opened = fakeSockets.at(-1);
      if (!opened) throw new Error('no socket opened yet');
      return opened;
    });
    const before = api.callsOf('GET /api/v1/user/me').length;
    // A client-side disconnect (e.g. going offline) is not a removal: nothing is re-read.
    act(() => socket.serverSends('disconnect', 'transport close'));
    removed = true;
    act(() => socket.serverSends('disconnect', 'io server disconnect'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-access'));
    expect(api.callsOf('GET /api/v1/user/me').length).toBeGreaterThan(before);
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS_TITLE })).toBeVisible();
  });

  it('the profile chip shows the role label and switches business, resetting cached data', async () => {
    const switched = userAs('viewer', { business: OTHER_BUSINESS, ...twoBusinesses });
    let current = userAs('manager', twoBusinesses);
    const api = mockFetch({
      ...baseRoutes('manager', twoBusinesses),
      'GET /api/v1/user/me': () => jsonResponse(200, { user: current }),
      'PUT /api/v1/user/select-business': () => {
        current = switched;
        return jsonResponse(200, { message: 'Switched', user: switched });
      },
    });
    const { router } = renderApp('/overview', signedInAs('manager', twoBusinesses));
    expect(await screen.findByText('Store manager')).toBeInTheDocument();
    const storeCalls = () => api.callsOf('GET /api/v1/store').length;
    await waitFor(() => expect(storeCalls()).toBeGreaterThan(0));
    const storesBefore = storeCalls();
    await userEvent.click(screen.getByRole('button', { name: /account menu for ada lovelace/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Ada Coffee/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Bean Bros/ }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/v1/user/select-business')).toEqual([{ businessId: OTHER_BUSINESS._id }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Viewer')).toBeInTheDocument();
    // The new business's stores are read again, not taken from the old business's cache.
    await waitFor(() => expect(storeCalls()).toBeGreaterThan(storesBefore));
  });

  it('billing tells a store manager it is the owner’s, without asking the API', async () => {
    const api = mockFetch({ ...baseRoutes('manager') });
    renderApp('/my-subscription', signedInAs('manager'));
    expect(await screen.findByText(ACCESS_MESSAGES.billingOwnerOnly)).toBeVisible();
    expect(api.callsOf('GET /api/v1/plans/subscription')).toHaveLength(0);
  });

  it('billing also speaks a 403 from the API plainly', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/plans': () => jsonResponse(200, { plans: [] }),
      'GET /api/v1/plans/subscription': () => jsonResponse(403, { message: ACCESS_MESSAGES.forbidden }),
    });
    const { router } = renderApp('/my-subscription', signedInAs('owner'));
    expect(await screen.findByText(ACCESS_MESSAGES.billingOwnerOnly)).toBeVisible();
    // A plain 403 (no NO_BUSINESS code) is the page's to explain: no redirect, session kept.
    expect(router.state.location.pathname).toBe('/my-subscription');
    expect(session.getToken()).toBe('jwt-team');
  });
});
