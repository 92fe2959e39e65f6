// /team/privacy against a mocked API: find a customer by email, see what is held, download it, erase with a confirm;
// nothing held; checked before sending; a store manager refused.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_MESSAGES, type TSubjectExport } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { mockFetch } from '@/testing/mock-api';
import { apiUser, jsonResponse, renderApp, testUser } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => act(() => toaster.remove()));

const held: TSubjectExport = {
  subject: { email: 'jane@example.com', phone: null },
  exportedAt: '2026-06-01T12:00:00.000Z',
  records: [
    {
      caseId: '64b7f0c2a1b2c3d4e5f60901',
      caseNumber: 12,
      store: 'Covent Garden',
      contact: { email: 'jane@example.com', phone: null, consentAt: '2026-05-30T10:00:00.000Z' },
      rating: { score: 1, comment: 'Cold latte', tags: ['Order wrong'], at: '2026-05-30T10:00:00.000Z' },
      messages: [{ from: 'member', text: 'Sorry!', at: '2026-05-30T11:00:00.000Z' }],
    },
  ],
};

describe('/team/privacy', () => {
  it('finds what is held for an email, downloads it and erases it after a confirm', async () => {
    const api = mockFetch({
      'POST /api/v1/privacy/subject/export': () => jsonResponse(200, held),
      'POST /api/v1/privacy/subject/erase': () => jsonResponse(200, { erased: 1 }),
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp(paths.business.privacy.path, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Give an email address or a phone number')).toBeVisible();
    expect(api.callsOf('POST /api/v1/privacy/subject/export')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'Jane@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const results = await screen.findByRole('list', { name: 'What is held' });
    expect(within(results).getByText('Covent Garden')).toBeVisible();
    expect(within(results).getByText('Case #12')).toBeVisible();
    expect(results).toHaveTextContent('1★ (Order wrong) Cold latte');

    await userEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Erase this customer's details?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(api.callsOf('POST /api/v1/privacy/subject/erase')).toHaveLength(1));
    expect(await screen.findByText(/Erased 1 contact request/)).toBeInTheDocument();
  });

  it('says when nothing is held', async () => {
    mockFetch({ 'POST /api/v1/privacy/subject/export': () => jsonResponse(200, { ...held, records: [] }) });
    renderApp(paths.business.privacy.path, { token: 't' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+44 7700 900123');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Nothing is held for this customer.')).toBeVisible();
  });

  it('refuses a store manager', async () => {
    mockFetch({ 'GET /api/v1/user/me': () => jsonResponse(200, { user: { ...apiUser, role: 'manager' } }) });
    renderApp(paths.business.privacy.path, { token: 't', user: { ...testUser, role: 'manager' } });
    expect(await screen.findByText(ACCESS_MESSAGES.forbidden)).toBeInTheDocument();
  });
});
