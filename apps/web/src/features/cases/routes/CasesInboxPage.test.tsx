// /cases against a mocked API: rows with number, store, summary, stars and comment, owner, status, due time (overdue in
// red), priority; filters sent as the list query; "Load more" with the cursor; phone cards; empty and error states.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { usePhoneViewport } from '@/testing/phone-viewport';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { baseRoutes, caseFixture, signedInAs, soho } from '@/testing/case-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
const overdue = caseFixture(2, {
  summary: '1★ with a comment',
  status: 'in_progress',
  priority: 'urgent',
  owner: null,
  overdue: true,
  dueAt: new Date(Date.now() - 2 * HOUR).toISOString(),
});

describe('/cases', () => {
  it('lists each case with its facts, sends the filters and pages with the cursor', async () => {
    const api = mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/cases': ({ url }) =>
        url.searchParams.get('cursor')
          ? jsonResponse(200, { items: [caseFixture(3, { summary: 'Older complaint' })], nextCursor: null })
          : jsonResponse(200, { items: [overdue, caseFixture(1)], nextCursor: 'next-page' }),
    });
    renderApp('/cases', signedInAs('owner'));
    const table = await screen.findByRole('table', { name: 'Cases' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('#2');
    expect(rows[0]).toHaveTextContent('1★ with a comment');
    expect(rows[0]).toHaveTextContent('Unassigned');
    expect(rows[0]).toHaveTextContent('In progress');
    expect(rows[0]).toHaveTextContent('Urgent');
    const late = within(rows[0]!).getByText('overdue by 2 h');
    expect(late).toHaveAttribute('data-overdue', 'true');
    expect(rows[1]).toHaveTextContent('Soho');
    expect(rows[1]).toHaveTextContent('Contact request');
    expect(rows[1]).toHaveTextContent('“Order wrong and nobody said sorry”');
    expect(within(rows[1]!).getByRole('img', { name: '1 of 5 stars' })).toBeVisible();
    expect(rows[1]).toHaveTextContent('Alan Turing');
    expect(within(rows[1]!).getByText('due in 3 h')).not.toHaveAttribute('data-overdue');
    expect(within(rows[1]!).getByRole('link', { name: /Case #1/ })).toHaveAttribute(
      'href',
      `/cases/${caseFixture(1)._id}`,
    );
    // open cases by default (the top bar's count asks for mine separately, 100 at a time)
    const inbox = () => api.queriesOf('GET /api/v1/cases').filter((q) => q.get('limit') === '25');
    expect(Object.fromEntries(inbox()[0]!)).toEqual({ status: 'open', limit: '25' });
    // the top bar's inbox button: my open cases that are new or overdue
    expect(await screen.findByTestId('cases-nav-count')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Cases, 2 new or overdue for you' })).toHaveAttribute(
      'href',
      '/cases',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older complaint')).toBeVisible();
    expect(inbox().at(-1)?.get('cursor')).toBe('next-page');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());

    const shown = (combobox: string, option: string) =>
      waitFor(() => expect(screen.getByRole('combobox', { name: combobox })).toHaveDisplayValue(option));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Any status');
    await shown('Status', 'Any status');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Unassigned');
    await shown('Owner', 'Unassigned');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Soho');
    await shown('Store', 'Soho');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only overdue' }));
    await waitFor(() =>
      expect(Object.fromEntries(inbox().at(-1)!)).toEqual({
        owner: 'none',
        store: soho._id,
        overdue: 'true',
        limit: '25',
      }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Mine');
    await waitFor(() => expect(inbox().at(-1)?.get('owner')).toBe('me'));
  });

  it('shows per-store complaint handling with its explanations', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/cases': () => jsonResponse(200, { items: [caseFixture(1)], nextCursor: null }),
    });
    renderApp('/cases', signedInAs('owner'));
    const table = await screen.findByRole('table', { name: 'Complaint handling by store' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Soho');
    expect(row).toHaveTextContent('42 min');
    expect(row).toHaveTextContent('3 h 20 min');
    expect(row).toHaveTextContent('Order wrong');
    expect(within(table).getByRole('button', { name: 'What is Recovery rate?' })).toBeVisible();
  });

  it('says where cases come from when there are none', async () => {
    mockFetch({
      ...baseRoutes('manager'),
      'GET /api/v1/cases': () => jsonResponse(200, { items: [], nextCursor: null }),
    });
    renderApp('/cases', signedInAs('manager'));
    expect(
      await screen.findByText('No cases — complaints and contact requests will appear here'),
    ).toBeVisible();
    // a one-store manager has no store to pick and no settings to open
    expect(screen.queryByRole('combobox', { name: 'Store' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Case settings/ })).toBeNull();
  });

  it('shows the error with a retry', async () => {
    mockFetch({
      ...baseRoutes('owner'),
      'GET /api/v1/cases': () => jsonResponse(500, { message: 'Cases are resting' }),
    });
    renderApp('/cases', signedInAs('owner'));
    expect(await screen.findByText('Could not load the cases')).toBeVisible();
    expect(screen.getByText('Cases are resting')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  describe('on a phone', () => {
    usePhoneViewport();
    it('stacks the cases as cards and keeps the filters behind one button', async () => {
      mockFetch({
        ...baseRoutes('owner'),
        'GET /api/v1/cases': () => jsonResponse(200, { items: [overdue], nextCursor: null }),
      });
      renderApp('/cases', signedInAs('owner'));
      const list = await screen.findByRole('list', { name: 'Cases' });
      const card = within(list).getByRole('listitem', { name: 'Case #2' });
      expect(card).toHaveTextContent('overdue by 2 h');
      expect(screen.queryByRole('table', { name: 'Cases' })).toBeNull();
      expect(await screen.findByRole('button', { name: /^Filters/ })).toBeVisible();
    });
  });
});
