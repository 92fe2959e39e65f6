// /cases/settings against a mocked API: the saved settings in the form, the contract's per-field messages before
// anything is sent, the PUT body, and the refusal for a role without cases:settings.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CASE_SETTINGS } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { baseRoutes, signedInAs } from '@/testing/case-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const PUT = 'PUT /api/v1/cases/settings';

describe('/cases/settings', () => {
  it('validates with the contract’s messages per field and saves the settings', async () => {
    const api = mockFetch({
      ...baseRoutes('admin'),
      'GET /api/v1/cases/settings': () => jsonResponse(200, DEFAULT_CASE_SETTINGS),
      [PUT]: ({ init }) => jsonResponse(200, JSON.parse(String(init.body))),
    });
    renderApp('/cases/settings', signedInAs('admin'));
    const form = await screen.findByRole('form', { name: 'Case settings' });
    const urgent = within(form).getByRole('spinbutton', { name: 'Urgent' });
    expect(urgent).toHaveValue(4);
    const retention = within(form).getByRole('spinbutton', { name: /Keep contact details for/ });
    expect(retention).toHaveValue(90);

    await userEvent.clear(urgent);
    await userEvent.type(urgent, '0');
    await userEvent.clear(retention);
    await userEvent.type(retention, '5000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('At least 1 hour')).toBeVisible();
    expect(within(form).getByText('At most 3650 days')).toBeVisible();
    expect(api.callsOf(PUT)).toHaveLength(0);

    await userEvent.clear(urgent);
    await userEvent.type(urgent, '2');
    await userEvent.clear(retention);
    await userEvent.type(retention, '30');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Every 1–2★ rating with a comment' }));
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Who gets a new case' }),
      "Each of the store's team in turn",
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(api.bodiesOf(PUT)).toEqual([
        {
          slaHours: { urgent: 2, high: 24, normal: 48, low: 72 },
          autoOpen: { lowWithComment: false, contactRequest: true },
          assignment: 'round_robin',
          retentionDays: 30,
        },
      ]),
    );
    expect(await screen.findByText('Case settings saved')).toBeVisible();
  });

  it('tells a store manager the settings are not theirs', async () => {
    const api = mockFetch({ ...baseRoutes('manager') });
    renderApp('/cases/settings', signedInAs('manager'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Ask the business owner or an admin/);
    expect(screen.queryByRole('form', { name: 'Case settings' })).toBeNull();
    expect(api.callsOf('GET /api/v1/cases/settings')).toHaveLength(0);
  });
});
