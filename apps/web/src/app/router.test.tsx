// Screen-level routing: 404 redirect, the business guard, open business pages, customer pages and document titles.
import { screen, waitFor } from '@testing-library/react';
import { businessNavItems, paths, TAGLINE } from '@/config/paths';
import { hardNavigate } from '@/lib/hard-navigate';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/hard-navigate', () => ({ hardNavigate: vi.fn() }));

const guardedPaths = Object.values(paths.business).map((route) => route.path);

describe('unknown paths', () => {
  it('redirects to /404 and shows "Page not found" with a link home', async () => {
    const { router } = renderApp('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found | CX Journey'));
  });
});

describe('business area guard', () => {
  it.each(guardedPaths)('sends a visitor without a token from %s to /', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: TAGLINE })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('lets a signed-in user open a business page', async () => {
    const { router } = renderApp(paths.business.rota.path, { token: 'abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rota' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rota');
  });

  it.each([paths.businessOpen.user, paths.businessOpen.products, paths.businessOpen.blog])(
    'shows $path in the business layout without a token',
    async ({ path, title }) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Get Reviews' })).toBeInTheDocument();
    },
  );
});

describe('marketing and customer pages', () => {
  it('renders the landing page with the tagline and a Login button', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: TAGLINE })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Contact us' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('team@cxjourney.example').length).toBeGreaterThan(0);
  });

  it('shows the profile chip and a dashboard link instead of Login when signed in', async () => {
    renderApp('/', { token: 'abc' });
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it.each(Object.values(paths.customer))(
    'hands $path to the server (the lean QR entry) with a full page load',
    async ({ path }) => {
      renderApp(`${path}?store=64b7f0c2a1b2c3d4e5f60799`);
      await waitFor(() =>
        expect(hardNavigate).toHaveBeenCalledWith(`${path}?store=64b7f0c2a1b2c3d4e5f60799`),
      );
      expect(screen.queryByRole('button', { name: 'Get Reviews' })).not.toBeInTheDocument();
    },
  );
});

describe('document titles', () => {
  it.each(businessNavItems)('sets "$title | CX Journey" on $path', async ({ path, title }) => {
    renderApp(path, { token: 'abc' });
    await waitFor(() => expect(document.title).toBe(`${title} | CX Journey`));
  });
});
