// Scheduled reports in the profile dialog: switches saved one by one, "Send me one now" per period, loading and errors.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, testUser } from '@/testing/render-app';
import { ReportPreferences } from './ReportPreferences';

const PREFS = { daily: false, weekly: true, monthly: false, timeZone: 'America/New_York' };

function renderPreferences() {
  session.start({ token: 'jwt-1', user: testUser });
  const queryClient = createQueryClient({ navigate: () => undefined, currentPath: () => '/overview' });
  return render(
    <AppProviders queryClient={queryClient}>
      <ReportPreferences />
    </AppProviders>,
  );
}

afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

describe('scheduled report preferences', () => {
  it('shows a loading state, then each report on or off and the zone they arrive in', async () => {
    const held = deferred<Response>();
    mockFetch({ 'GET /api/v1/reports/preferences': () => held.promise });
    renderPreferences();
    expect(screen.getByRole('status', { name: 'Loading report preferences' })).toBeInTheDocument();
    held.resolve(jsonResponse(200, PREFS));
    expect(await screen.findByRole('checkbox', { name: /Weekly report/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Daily report/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Monthly report/ })).not.toBeChecked();
    expect(screen.getByText(/Mailed at 08:00 \(America\/New_York\)/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Send me one now' })).toHaveLength(3);
  });

  it('saves a switch and confirms it', async () => {
    const api = mockFetch({
      'GET /api/v1/reports/preferences': () => jsonResponse(200, PREFS),
      'PATCH /api/v1/reports/preferences': () => jsonResponse(200, { ...PREFS, daily: true }),
    });
    renderPreferences();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Daily report/ }));
    expect(await screen.findByText('The daily report is on')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /api/v1/reports/preferences')).toEqual([{ daily: true }]);
    expect(screen.getByRole('checkbox', { name: /Daily report/ })).toBeChecked();
  });

  it('sends one now for the chosen period and says where it went', async () => {
    const api = mockFetch({
      'GET /api/v1/reports/preferences': () => jsonResponse(200, PREFS),
      'POST /api/v1/reports/send-now': () =>
        jsonResponse(200, {
          message: 'Your monthly report is on its way to ada@example.com',
          to: 'ada@example.com',
        }),
    });
    renderPreferences();
    const row = await screen.findByRole('group', { name: /Monthly report/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Send me one now' }));
    expect(
      await screen.findByText('Your monthly report is on its way to ada@example.com'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/v1/reports/send-now')).toEqual([{ period: 'monthly' }]);
  });

  it('says so when a report could not be sent', async () => {
    mockFetch({
      'GET /api/v1/reports/preferences': () => jsonResponse(200, PREFS),
      'POST /api/v1/reports/send-now': () =>
        jsonResponse(503, { message: 'The report could not be mailed just now. Please try again.' }),
    });
    renderPreferences();
    const buttons = await screen.findAllByRole('button', { name: 'Send me one now' });
    await userEvent.click(buttons[0]!);
    expect(await screen.findByText('The report was not sent')).toBeInTheDocument();
    expect(
      screen.getByText('The report could not be mailed just now. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the preferences cannot be loaded', async () => {
    mockFetch({
      'GET /api/v1/reports/preferences': ({ calls }) =>
        calls <= 2 ? jsonResponse(500, { message: 'Something went wrong' }) : jsonResponse(200, PREFS),
    });
    renderPreferences();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('Could not load your report preferences')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Weekly report/ })).toBeChecked());
  });
});
