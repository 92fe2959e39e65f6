// A 402 from any call (the API's paywall) is handled like an expired status: one warning and /my-subscription.
import { USER_MESSAGES } from '@cx/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { tsr } from '@/lib/api-client';
import { httpError, jsonResponse, renderApp, testUser } from '@/testing/render-app';

afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const paywall = { message: USER_MESSAGES.expiredPlan, code: 'PAYMENT_REQUIRED' };

describe('402 handling', () => {
  it('a dashboard call answered 402 shows the upgrade warning and goes to /my-subscription', async () => {
    // The current user still reads active (e.g. the status changed since): only the API's 402 tells.
    const fetchMock = vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).includes('/user/me')
          ? jsonResponse(200, { user: { ...testUser, subscriptionStatus: 'active' } })
          : jsonResponse(402, paywall),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router, queryClient } = renderApp(paths.business.rota.path, { token: 'good-token' });
    await screen.findByRole('heading', { level: 1, name: 'Rota' });

    await act(async () => {
      await tsr
        .initQueryClient(queryClient)
        .stores.list.fetchQuery({ queryKey: ['stores-402'], queryData: { query: {} } })
        .catch(() => undefined);
    });

    expect(await screen.findByText(USER_MESSAGES.expiredPlan)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.business.mySubscription.path));
    // Still signed in: a paywall is not a lost session.
    expect(window.localStorage.getItem('token')).toBe('good-token');
  });

  it('a mutation answered 402 is handled the same way', async () => {
    const { router, queryClient } = renderApp(paths.business.rota.path, { token: 'good-token' });
    await screen.findByRole('heading', { level: 1, name: 'Rota' });

    await act(async () => {
      await queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(httpError(402, paywall)) })
        .execute(undefined)
        .catch(() => undefined);
    });

    expect(await screen.findByText(USER_MESSAGES.expiredPlan)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.business.mySubscription.path));
  });

  it('stays on a page a business without a plan keeps (no redirect loop, no toast)', async () => {
    const { router, queryClient } = renderApp(paths.business.paymentFailed.path, { token: 'good-token' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.business.paymentFailed.path));

    await act(async () => {
      await queryClient
        .fetchQuery({ queryKey: ['bell'], queryFn: () => Promise.reject(httpError(402, paywall)) })
        .catch(() => undefined);
    });

    expect(router.state.location.pathname).toBe(paths.business.paymentFailed.path);
    expect(screen.queryByText(USER_MESSAGES.expiredPlan)).not.toBeInTheDocument();
  });
});
