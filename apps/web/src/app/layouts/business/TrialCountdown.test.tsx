// The owner's trial countdown: whole days rounded up, and shown only to an owner whose business is on its trial.
import { screen } from '@testing-library/react';
import { renderApp, jsonResponse } from '@/testing/render-app';
import { mockFetch } from '@/testing/mock-api';
import { trialCountdownText, trialDaysLeft } from './TrialCountdown';

const DAY = 86_400_000;

describe('trialDaysLeft', () => {
  it('rounds part of a day up and stops at zero', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(trialDaysLeft(new Date(now + 14 * DAY).toISOString(), now)).toBe(14);
    expect(trialDaysLeft(new Date(now + 3 * 3_600_000).toISOString(), now)).toBe(1);
    expect(trialDaysLeft(new Date(now - DAY).toISOString(), now)).toBe(0);
    expect(trialCountdownText(1)).toBe('1 day left in your trial');
    expect(trialCountdownText(0)).toBe('Trial ends today');
  });
});

describe('the top bar’s trial countdown', () => {
  beforeAll(() => import('@/app/layouts/business/BusinessLayout'), 120_000);
  afterEach(() => vi.unstubAllGlobals());

  const trialUser = (role: string) => ({
    _id: '64b7f0c2a1b2c3d4e5f60718',
    fullname: 'Bea Barista',
    email: 'bea@example.com',
    role,
    subscriptionStatus: 'trialing',
    trialEndsAt: new Date(Date.now() + 10 * DAY - 60_000).toISOString(),
  });

  it('shows the owner the days left, linking to My Subscription', async () => {
    const user = trialUser('owner');
    mockFetch({ 'GET /api/v1/user/me': () => jsonResponse(200, { user }) });
    renderApp('/user', { token: 'jwt', user });
    const link = await screen.findByRole('link', { name: '10 days left in your trial' });
    expect(link).toHaveAttribute('href', '/my-subscription');
  });

  it('shows nothing to an admin of the same business', async () => {
    const user = trialUser('admin');
    mockFetch({ 'GET /api/v1/user/me': () => jsonResponse(200, { user }) });
    renderApp('/user', { token: 'jwt', user });
    await screen.findByText('Welcome, Bea');
    expect(screen.queryByText(/left in your trial/)).not.toBeInTheDocument();
  });
});
