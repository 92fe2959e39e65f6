// The query client: spec defaults and the one 401 handler (clear storage, reset cache, go to /, toast the message).
import { act, screen, waitFor } from '@testing-library/react';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { tsr } from '@/lib/api-client';
import { createQueryClient, queryClientDefaults, retryOnce } from '@/lib/query-client';
import { httpError, jsonResponse, renderApp, testUser } from '@/testing/render-app';

afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

describe('query client defaults', () => {
  it('keeps data 60 s, does not refetch on focus or reconnect, retries queries once and mutations never', () => {
    const client = createQueryClient({ navigate: () => {} });
    const queries = client.getDefaultOptions().queries!;
    expect(queries.gcTime).toBe(60_000);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.refetchOnReconnect).toBe(false);
    expect(client.getDefaultOptions().mutations?.retry).toBe(0);
    expect(queries.retry).toBe(queryClientDefaults.queries.retry);
  });

  it('retries a network failure once, and never a 4xx answer', () => {
    const networkError = new TypeError('Failed to fetch');
    expect(retryOnce(0, networkError)).toBe(true);
    expect(retryOnce(1, networkError)).toBe(false);
    expect(retryOnce(0, httpError(500, { message: 'boom' }))).toBe(true);
    expect(retryOnce(0, httpError(401, { message: 'nope' }))).toBe(false);
    expect(retryOnce(0, httpError(404, { message: 'gone' }))).toBe(false);
  });
});

describe('401 handling', () => {
  it('a query answered 401 clears local storage and the cache, goes to / and toasts the server message', async () => {
    // The current-user fetch on navigation still succeeds; only the health call is refused.
    const fetchMock = vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).includes('/health')
          ? jsonResponse(401, { message: 'Your session has expired' })
          : String(input).includes('/notifications')
            ? jsonResponse(200, { data: [], page: 1, limit: 20, total: 0, unread: 0, hasMore: false })
            : jsonResponse(200, { user: { ...testUser, subscriptionStatus: 'active' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('selectedStore', 'x');
    const { router, queryClient } = renderApp(paths.business.dashboard.path, { token: 'stale-token' });
    await screen.findByRole('heading', { level: 1, name: 'Snapshot' });
    queryClient.setQueryData(['cached'], { some: 'data' });

    await act(async () => {
      await tsr
        .initQueryClient(queryClient)
        .health.getHealth.fetchQuery({ queryKey: ['health'] })
        .catch(() => undefined);
    });

    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.length).toBe(0);
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/health'))).toHaveLength(1);
  });

  it('a mutation answered 401 is handled the same way', async () => {
    const { router, queryClient } = renderApp(paths.business.rota.path, { token: 'stale-token' });
    await screen.findByRole('heading', { level: 1, name: 'Rota' });

    await act(async () => {
      await queryClient
        .getMutationCache()
        .build(queryClient, {
          mutationFn: () => Promise.reject(httpError(401, { message: 'Token revoked' })),
        })
        .execute(undefined)
        .catch(() => undefined);
    });

    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('leaves the session alone for other errors and for fetch failures', async () => {
    const { router, queryClient } = renderApp(paths.business.rota.path, { token: 'good-token' });
    await screen.findByRole('heading', { level: 1, name: 'Rota' });

    await act(async () => {
      await queryClient
        .fetchQuery({
          queryKey: ['a'],
          queryFn: () => Promise.reject(httpError(403, { message: 'Forbidden' })),
        })
        .catch(() => undefined);
      await queryClient
        .fetchQuery({
          queryKey: ['b'],
          queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
          retry: false,
        })
        .catch(() => undefined);
    });

    expect(window.localStorage.getItem('token')).toBe('good-token');
    expect(router.state.location.pathname).toBe('/rota');
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();
  });
});

describe('tsr client headers', () => {
  it('sends the bearer token and the tunnel header on every request', async () => {
    const fetchMock = vi.fn().mockResolvedValue(
      jsonResponse(200, {
        status: 'ok',
        mongo: { backend: 'memory-server', state: 'connected' },
        version: '0.1.0',
        uptimeSeconds: 1,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('token', 'tok-123');
    const client = createQueryClient({ navigate: () => {} });

    const result = await tsr.initQueryClient(client).health.getHealth.fetchQuery({ queryKey: ['health'] });

    expect(result.status).toBe(200);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/health');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok-123');
    expect(headers['ngrok-skip-browser-warning']).toBe('true');
  });
});
