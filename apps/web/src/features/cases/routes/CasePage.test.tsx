// /cases/:id against a mocked API: what a viewer may not do is hidden (resolve, close, owner, reply, ruling) and the
// contact stays masked; resolving needs a root cause and the action taken (the contract's messages, also from a
// 400); replies by email (SMS only with a phone); notes; erased contact; recovery; the dispute ruling.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CASE_MESSAGES } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { baseRoutes, caseDetail, IDS, members, signedInAs } from '@/testing/case-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const item = caseDetail(7);
const path = `/cases/${item._id}`;
const one = `GET /api/v1/cases/${item._id}`;
const patch = `PATCH /api/v1/cases/${item._id}`;
const form = () => screen.findByRole('form', { name: 'Work on this case' });
const listRoute = { 'GET /api/v1/cases': () => jsonResponse(200, { items: [], nextCursor: null }) };

describe('/cases/:id', () => {
  it('shows a viewer the case with the contact masked and none of the manager actions', async () => {
    const viewerCase = caseDetail(7, {
      contact: { email: 'j•••@e•••.com', phone: '+44 ••• ••• 123', masked: true, erased: false },
      dispute: 'open',
      messages: [
        {
          _id: '64b7f0c2a1b2c3d4e5f6a901',
          from: 'customer',
          author: 'Customer',
          channel: 'link',
          text: 'Still waiting',
          at: '2026-11-27T11:00:00.000Z',
          delivered: null,
        },
      ],
      can: { update: true, close: false, reply: false, rule: false },
    });
    mockFetch({ ...baseRoutes('viewer'), ...listRoute, [one]: () => jsonResponse(200, viewerCase) });
    renderApp(path, signedInAs('viewer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Case #7' })).toBeVisible();
    expect(screen.getByTestId('contact')).toHaveTextContent('j•••@e•••.com');
    expect(screen.getByText(/Masked: your role does not show/)).toBeVisible();
    expect(screen.getByText('Still waiting')).toBeVisible();
    const work = await form();
    const statuses = within(within(work).getByRole('combobox', { name: 'Status' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(statuses).toEqual(['New', 'In progress', 'Waiting for customer']);
    expect(within(work).queryByRole('combobox', { name: 'Owner' })).toBeNull();
    expect(within(work).queryByRole('combobox', { name: 'Priority' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Reply to the customer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rating is (un)?fair/ })).toBeNull();
    expect(screen.getByText('A store manager or above rules on disputes.')).toBeVisible();
    // frontline work stays: a note
    expect(screen.getByRole('button', { name: 'Add note' })).toBeVisible();
  });

  it('asks for a root cause and the action before resolving, shows the API’s per-field messages, then saves', async () => {
    let answer = 0;
    const api = mockFetch({
      ...baseRoutes('manager'),
      ...listRoute,
      [one]: () => jsonResponse(200, item),
      'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [] }),
      [patch]: () =>
        ++answer === 1
          ? jsonResponse(400, {
              message: 'Check the highlighted fields',
              fieldErrors: { action: [CASE_MESSAGES.actionRequired] },
            })
          : jsonResponse(200, {
              ...item,
              status: 'resolved',
              rootCause: 'order_error',
              action: 'Refunded and apologised',
              updatedAt: '2026-11-27T12:00:00.000Z',
            }),
    });
    renderApp(path, signedInAs('manager'));
    const work = await form();
    // owners: the members covering Soho (the viewer covers Camden only)
    const owners = () =>
      within(within(work).getByRole('combobox', { name: 'Owner' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() => expect(owners()).toEqual(['Unassigned', 'Ada Lovelace', 'Alan Turing']));

    await userEvent.selectOptions(within(work).getByRole('combobox', { name: 'Status' }), 'Resolved');
    await userEvent.click(within(work).getByRole('button', { name: 'Save changes' }));
    expect(await within(work).findByText(CASE_MESSAGES.rootCauseRequired)).toBeVisible();
    expect(within(work).getByText(CASE_MESSAGES.actionRequired)).toBeVisible();
    expect(api.callsOf(patch)).toHaveLength(0);

    await userEvent.selectOptions(within(work).getByRole('combobox', { name: 'Root cause' }), 'Order wrong');
    // the API's 400 lands on its field too
    await userEvent.type(within(work).getByRole('textbox', { name: 'Action taken' }), 'Refunded');
    await userEvent.click(within(work).getByRole('button', { name: 'Save changes' }));
    expect(await within(work).findByText(CASE_MESSAGES.actionRequired)).toBeVisible();
    await userEvent.type(within(work).getByRole('textbox', { name: 'Action taken' }), ' and apologised');
    await userEvent.click(within(work).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsOf(patch)).toHaveLength(2));
    expect(api.bodiesOf(patch).at(-1)).toEqual({
      status: 'resolved',
      rootCause: 'order_error',
      action: 'Refunded and apologised',
    });
    expect(await screen.findByText('Case #7 saved')).toBeVisible();
  });

  it('replies by email, offers SMS only with a phone, and adds a note', async () => {
    const reply = `POST /api/v1/cases/${item._id}/replies`;
    const note = `POST /api/v1/cases/${item._id}/notes`;
    const api = mockFetch({
      ...baseRoutes('manager'),
      ...listRoute,
      [one]: () => jsonResponse(200, item),
      'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [] }),
      [reply]: () =>
        jsonResponse(201, {
          _id: '64b7f0c2a1b2c3d4e5f6a911',
          from: 'member',
          author: 'Alan Turing',
          channel: 'email',
          text: 'Sorry',
          at: '2026-11-27T12:00:00.000Z',
          delivered: true,
        }),
      [note]: () =>
        jsonResponse(201, {
          _id: '64b7f0c2a1b2c3d4e5f6a912',
          author: { _id: IDS.manager, name: 'Alan Turing' },
          text: 'Called the store',
          at: '2026-11-27T12:00:00.000Z',
        }),
    });
    renderApp(path, signedInAs('manager'));
    const box = await screen.findByRole('form', { name: 'Reply to the customer' });
    expect(within(box).queryByText('Text message (SMS)')).toBeNull();
    await userEvent.click(within(box).getByRole('button', { name: 'Send reply' }));
    expect(await within(box).findByText(CASE_MESSAGES.replyRequired)).toBeVisible();
    await userEvent.type(within(box).getByRole('textbox'), 'Sorry about your order');
    await userEvent.click(within(box).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.bodiesOf(reply)).toEqual([{ text: 'Sorry about your order', channel: 'email' }]),
    );
    expect(await screen.findByText('Reply sent by email')).toBeVisible();

    const notes = screen.getByRole('form', { name: 'Add a note' });
    await userEvent.type(within(notes).getByRole('textbox'), 'Called the store');
    await userEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(api.bodiesOf(note)).toEqual([{ text: 'Called the store' }]));
  });

  it('offers SMS when the customer gave a phone', async () => {
    const withPhone = caseDetail(7, {
      contact: { email: null, phone: '+447700900123', masked: false, erased: false },
    });
    mockFetch({
      ...baseRoutes('manager'),
      ...listRoute,
      [one]: () => jsonResponse(200, withPhone),
      'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [] }),
    });
    renderApp(path, signedInAs('manager'));
    const box = await screen.findByRole('form', { name: 'Reply to the customer' });
    expect(within(box).getByText('Text message (SMS)')).toBeVisible();
    expect(screen.getByTestId('contact')).toHaveTextContent('+447700900123');
  });

  it('shows an erased contact, the recovery and rules on a dispute', async () => {
    const rule = `POST /api/v1/cases/${item._id}/dispute`;
    const done = caseDetail(7, {
      status: 'resolved',
      recovered: true,
      dispute: 'open',
      contact: { email: null, phone: null, masked: false, erased: true },
      rating: { ...item.rating!, kind: 'staff', staff: { _id: '64b7f0c2a1b2c3d4e5f6e001', name: 'Olivia' } },
    });
    const api = mockFetch({
      ...baseRoutes('manager'),
      ...listRoute,
      [one]: () => jsonResponse(200, done),
      'GET /api/v1/team/members': () => jsonResponse(200, { members, invitations: [] }),
      [rule]: () => jsonResponse(200, { ...done, dispute: 'unfair', updatedAt: '2026-11-27T13:00:00.000Z' }),
    });
    renderApp(path, signedInAs('manager'));
    expect(await screen.findByTestId('contact-erased')).toBeVisible();
    expect(screen.getAllByText('Recovered')[0]).toBeVisible();
    expect(screen.getByText('The contact details were erased: no reply can be sent.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Rating is unfair' }));
    await waitFor(() => expect(api.bodiesOf(rule)).toEqual([{ ruling: 'unfair' }]));
    expect(await screen.findByText(/Ruled unfair/)).toBeVisible();
  });

  it('says a case outside the member’s stores is not found', async () => {
    mockFetch({
      ...baseRoutes('manager'),
      ...listRoute,
      [one]: () => jsonResponse(404, { message: 'Case not found' }),
    });
    renderApp(path, signedInAs('manager'));
    expect(await screen.findByText('Case not found')).toBeVisible();
  });
});
