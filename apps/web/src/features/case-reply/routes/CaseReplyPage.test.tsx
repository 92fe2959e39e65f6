// The customer's page behind the mailed link: the conversation, answering, "did we put it right?", an expired link.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCustomerCaseView } from '@cx/contracts';
import { paths } from '@/config/paths';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

const token = `${'a'.repeat(24)}.${'b'.repeat(43)}`;
const path = `/api/v1/case-replies/${token}`;

function viewOf(over: Partial<TCustomerCaseView> = {}): TCustomerCaseView {
  return {
    businessName: 'Harbour Coffee',
    storeName: 'Harbour Street',
    messages: [{ from: 'business', text: 'We are sorry. What happened?', at: '2026-11-26T10:00:00.000Z' }],
    canAnswer: true,
    askRecovery: false,
    recovered: null,
    ...over,
  };
}

describe('/reply/:token', () => {
  it('shows the conversation and sends the answer typed, keyboard only', async () => {
    const answered = viewOf({
      messages: [
        ...viewOf().messages,
        { from: 'customer', text: 'The burger had no cheese', at: '2026-11-26T11:00:00.000Z' },
      ],
    });
    const api = mockFetch({
      [`GET ${path}`]: () => jsonResponse(200, viewOf()),
      [`POST ${path}`]: () => jsonResponse(201, answered),
    });
    renderApp(paths.caseReply.path.replace(':token', token));
    expect(await screen.findByRole('heading', { name: 'Harbour Coffee' })).toBeInTheDocument();
    expect(screen.getByText('About your visit to Harbour Street')).toBeInTheDocument();
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('We are sorry. What happened?')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Write a reply')).toBeInTheDocument();
    expect(api.callsOf(`POST ${path}`)).toHaveLength(0);

    const box = screen.getByRole('textbox', { name: 'Your answer to Harbour Coffee' });
    await user.click(box);
    await user.keyboard('The burger had no cheese');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await within(conversation).findByText('The burger had no cheese')).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${path}`)).toEqual([{ text: 'The burger had no cheese' }]);
    expect(box).toHaveValue('');
  });

  it('asks "did we put it right?" after resolution and thanks the customer once answered', async () => {
    const api = mockFetch({
      [`GET ${path}`]: () => jsonResponse(200, viewOf({ askRecovery: true })),
      [`POST ${path}/recovery`]: () => jsonResponse(201, viewOf({ askRecovery: false, recovered: true })),
    });
    renderApp(paths.caseReply.path.replace(':token', token));
    const question = await screen.findByRole('region', { name: 'Did we put it right?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thank you for telling us')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Did we put it right?' })).not.toBeInTheDocument();
    expect(api.bodiesOf(`POST ${path}/recovery`)).toEqual([{ recovered: true }]);
  });

  it('shows loading, then says plainly that an expired link has expired', async () => {
    const held = deferred<Response>();
    mockFetch({ [`GET ${path}`]: () => held.promise });
    renderApp(paths.caseReply.path.replace(':token', token));
    expect(await screen.findByRole('status', { name: 'Loading your conversation' })).toBeInTheDocument();
    held.resolve(jsonResponse(404, { message: 'This link has expired or is not valid' }));
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('has no answer box once the conversation is closed, and offers a retry when the server fails', async () => {
    mockFetch({
      [`GET ${path}`]: ({ calls }) =>
        calls === 1
          ? jsonResponse(500, { message: 'Something went wrong' })
          : jsonResponse(200, viewOf({ canAnswer: false, messages: [] })),
    });
    renderApp(paths.caseReply.path.replace(':token', token));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This conversation is closed.')).toBeInTheDocument();
    expect(screen.getByText(/No messages yet/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
