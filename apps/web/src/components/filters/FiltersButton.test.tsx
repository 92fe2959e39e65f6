// Phones' dashboard filters: one "Filters" button, the active filters as removable chips, no store picker for one store.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { covent, periodFixture, soho, themesReportFixture } from '@/testing/analytics-fixtures';
import { mockFetch } from '@/testing/mock-api';
import { usePhoneViewport } from '@/testing/phone-viewport';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';

const timelinePage = () => jsonResponse(200, { period: periodFixture(), items: [], nextCursor: null });

function mockTimeline(stores = [storeFixture({ ...covent })]) {
  return mockFetch({
    'GET /api/v1/store': () => jsonResponse(200, { stores }),
    'GET /api/v1/staff': () => jsonResponse(200, { staff: [] }),
    'GET /api/v1/analytics/themes': () => jsonResponse(200, themesReportFixture()),
    'GET /api/v1/analytics/timeline': timelinePage,
  });
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('dashboard filters on a phone', () => {
  usePhoneViewport();

  it('puts every filter behind one button and shows the active ones as chips that remove themselves', async () => {
    const user = userEvent.setup();
    mockTimeline();
    const { router } = renderApp(
      `${paths.business.customersFeedback.path}?period=last7&sentiment=negative&hasComment=true`,
      { token: 't' },
    );
    await screen.findByRole('button', { name: 'Filters (3)' });
    // nothing to pick on the page itself
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Last 7 days (remove filter)' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Negative (remove filter)' })).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'With a comment (remove filter)' }));
    await waitFor(() => expect(search(router).has('hasComment')).toBe(false));
    expect(search(router).get('sentiment')).toBe('negative');
    await user.click(await screen.findByRole('button', { name: 'Filters (2)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Period' }), 'today');
    await waitFor(() => expect(search(router).get('period')).toBe('today'));
    // one store: no store picker, even in the sheet
    expect(within(sheet).queryByRole('combobox', { name: 'Store' })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('group', { name: 'Active filters' })).getByRole('button', {
        name: 'Today (remove filter)',
      }),
    ).toBeInTheDocument();
  });

  it('offers the store picker in the sheet to a member with several stores and names the chosen store', async () => {
    const user = userEvent.setup();
    mockTimeline([storeFixture({ ...covent }), storeFixture({ ...soho })]);
    renderApp(`${paths.business.customersFeedback.path}?stores=${soho._id}`, { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('combobox', { name: 'Store' })).toHaveValue(soho._id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Soho (remove filter)' })).toBeInTheDocument();
  });
});

describe('dashboard filters on a desktop', () => {
  it('stay inline, with no Filters button', async () => {
    mockTimeline();
    renderApp(paths.business.customersFeedback.path, { token: 't' });
    const bar = await screen.findByRole('search', { name: 'Dashboard filters' });
    expect(within(bar).getByRole('combobox', { name: 'Period' })).toBeInTheDocument();
    expect(within(bar).queryByRole('combobox', { name: 'Store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
