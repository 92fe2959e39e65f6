// /my-subscription, /payment-success and /payment-failed against a mocked API: what the business sees and sends.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { hardNavigate } from '@/lib/hard-navigate';
import { mockFetch } from '@/testing/mock-api';
import { PLANS_FIXTURE, subscriptionFixture } from '@/testing/plans-fixture';
import { apiUser, jsonResponse, renderApp } from '@/testing/render-app';

vi.mock('@/lib/hard-navigate', () => ({ hardNavigate: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
  vi.mocked(hardNavigate).mockReset();
});

const signedIn = { token: 'jwt-1' };
const base = {
  'GET /api/v1/user/me': () => jsonResponse(200, { user: apiUser }),
  'GET /api/v1/plans': () => jsonResponse(200, { plans: PLANS_FIXTURE }),
};

describe('/my-subscription', () => {
  it('shows the trial end, the tracked visits with a progress bar, and starts checkout for the chosen plan', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/plans/subscription': () => jsonResponse(200, subscriptionFixture()),
      'POST /api/v1/plans/create-checkout-session': () =>
        jsonResponse(200, { id: 'cs_1', url: 'https://checkout.test/cs_1' }),
    });
    renderApp('/my-subscription', signedIn);
    expect(await screen.findByText('Trial ends on 14 Mar 2030')).toBeInTheDocument();
    expect(screen.getByTestId('visit-usage')).toHaveTextContent('1,234 of 250,000 (0%)');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1234');
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage billing/ })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Choose 3 Months' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    const [sent] = api.bodiesOf('POST /api/v1/plans/create-checkout-session') as Array<
      Record<string, string>
    >;
    expect(sent?.plan).toBe('three-months');
    expect(sent?.idempotencyKey).toMatch(/^[\w-]{8,100}$/);
  });

  it('keeps the same idempotency key when a checkout answer is lost and the user clicks again', async () => {
    const api = mockFetch({
      ...base,
      'GET /api/v1/plans/subscription': () => jsonResponse(200, subscriptionFixture()),
      'POST /api/v1/plans/create-checkout-session': ({ calls }) =>
        calls === 1
          ? jsonResponse(502, { message: 'Stripe is unavailable' })
          : jsonResponse(200, { id: 'cs_1', url: 'https://checkout.test/cs_1' }),
    });
    renderApp('/my-subscription', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Basic' }));
    expect(await screen.findByText('Stripe is unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Basic' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    const keys = (
      api.bodiesOf('POST /api/v1/plans/create-checkout-session') as Array<{ idempotencyKey: string }>
    ).map((b) => b.idempotencyKey);
    // A failure forgets the key: the retry is a new intent (a lost *success* would be answered by the stored session).
    expect(keys).toHaveLength(2);
  });

  it('shows an active plan with its renewal, invoices and Manage billing, which opens the portal', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/plans/subscription': () =>
        jsonResponse(
          200,
          subscriptionFixture({
            status: 'active',
            plan: PLANS_FIXTURE[1]!,
            currentPeriodEnd: '2030-06-01T09:00:00.000Z',
            canManageBilling: true,
          }),
        ),
      'GET /api/v1/plans/invoices': () =>
        jsonResponse(200, {
          invoices: [
            {
              id: 'in_1',
              number: 'A-1',
              createdAt: '2030-03-01T09:00:00.000Z',
              total: '£84.00',
              status: 'paid',
              url: null,
            },
          ],
        }),
      'POST /api/v1/plans/portal-session': () => jsonResponse(200, { url: 'https://billing.test/p' }),
    });
    renderApp('/my-subscription', signedIn);
    expect(await screen.findByText('Renews on 1 Jun 2030')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(await screen.findByText('£84.00', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Manage billing/ }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('https://billing.test/p'));
  });

  it('shows the grace period of a past-due payment, the upgrade warning when locked, and the cap', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/plans/subscription': () =>
        jsonResponse(
          200,
          subscriptionFixture({
            status: 'past_due',
            graceEndsAt: '2030-03-20T09:00:00.000Z',
            usage: { used: 250_000, cap: 250_000, from: '2030-03-01', to: '2030-03-31', atCap: true },
          }),
        ),
    });
    renderApp('/my-subscription', signedIn);
    expect(await screen.findByText(/You keep access until 20 Mar 2030/)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.atCap)).toBeInTheDocument();
    expect(screen.queryByText(BILLING_MESSAGES.upgrade)).not.toBeInTheDocument();
  });

  it('shows the error with a retry when the subscription cannot be loaded', async () => {
    mockFetch({
      ...base,
      'GET /api/v1/plans/subscription': () => jsonResponse(500, { message: 'Down for a moment' }),
    });
    renderApp('/my-subscription', signedIn);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Down for a moment')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/payment-success', () => {
  it('confirms the session with the server and offers the dashboard', async () => {
    const api = mockFetch({
      ...base,
      'POST /api/v1/plans/confirm-checkout': () =>
        jsonResponse(200, {
          paid: true,
          subscription: subscriptionFixture({
            status: 'active',
            plan: PLANS_FIXTURE[0]!,
            currentPeriodEnd: '2030-04-01T09:00:00.000Z',
          }),
        }),
    });
    renderApp('/payment-success?session_id=cs_test_9', signedIn);
    expect(await screen.findByTestId('payment-result')).toHaveTextContent(
      'Payment received: your Basic plan is active.',
    );
    expect(api.bodiesOf('POST /api/v1/plans/confirm-checkout')).toEqual([{ sessionId: 'cs_test_9' }]);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says Stripe has not confirmed yet and lets the user check again', async () => {
    mockFetch({
      ...base,
      'POST /api/v1/plans/confirm-checkout': ({ calls }) =>
        jsonResponse(200, {
          paid: calls > 1,
          subscription: subscriptionFixture(calls > 1 ? { status: 'active', plan: PLANS_FIXTURE[0]! } : {}),
        }),
    });
    renderApp('/payment-success?session_id=cs_test_9', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('payment-result')).toBeInTheDocument();
  });
});

describe('/payment-failed', () => {
  it('says nothing was charged and leads back to My Subscription', async () => {
    mockFetch(base);
    renderApp('/payment-failed', signedIn);
    expect(await screen.findByText('No money was taken')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Subscription' })).toHaveAttribute(
      'href',
      '/my-subscription',
    );
  });
});
