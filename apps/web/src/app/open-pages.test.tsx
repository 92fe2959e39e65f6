// The unguarded pages in the business layout (/user, /products, /blog): a visitor stays on them, and nothing asks
// the API for signed-in data without a token (a 401 there would clear the session and bounce the visitor to /).
import { act, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

// The business layout is lazy; compiling it cold on a busy machine can outlast a findBy wait.
beforeAll(() => import('@/app/layouts/business/BusinessLayout'), 120_000);
afterEach(() => vi.unstubAllGlobals());

describe('unguarded business-layout pages without a token', () => {
  it.each([paths.businessOpen.user, paths.businessOpen.products, paths.businessOpen.blog])(
    'shows $path with a Login button and makes no signed-in call',
    async ({ path, title }) => {
      // Like the real API: every call without a token is refused with 401.
      const api = mockFetch({});
      api.fetchMock.mockImplementation(async () =>
        jsonResponse(401, { message: 'Please log in to continue' }),
      );
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Get Reviews' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
      // Mount-time queries and the 401 handler would have run by now.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(api.fetchMock).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByText('Please log in to continue')).not.toBeInTheDocument();
    },
  );
});
