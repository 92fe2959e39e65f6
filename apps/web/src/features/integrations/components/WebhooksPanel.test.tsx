// The webhooks panel against a mocked API: list, add (stores, secret once, copy), validation, test, on/off, delete, log.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TWebhook, TWebhookDelivery } from '@cx/contracts';
import { AppProviders } from '@/app/providers';
import { toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, testUser } from '@/testing/render-app';
import { storeFixture } from '@/testing/store-fixtures';
import { WebhooksPanel } from './WebhooksPanel';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const ID = '64b7f0c2a1b2c3d4e5f6d001';
const BASE = '/api/v1/integrations/webhooks';
const endpoint = (over: Partial<TWebhook> = {}): TWebhook => ({
  _id: ID,
  url: 'https://hooks.example.com/cx',
  events: ['rating.created', 'alert.fired'],
  stores: [],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const delivery = (over: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  _id: '64b7f0c2a1b2c3d4e5f6e001',
  messageId: 'msg_abc',
  type: 'rating.created',
  status: 'failed',
  attempts: 8,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastAttemptAt: '2026-11-02T13:00:00.000Z',
  nextAttemptAt: null,
  responseCode: 500,
  durationMs: 42,
  error: 'HTTP 500',
  payload: '{"type":"rating.created","store":"s1"}',
  ...over,
});
const STORES = ['Soho', 'Camden', 'Brixton', 'Hackney', 'Peckham'].map((name, i) =>
  storeFixture({ _id: `64b7f0c2a1b2c3d4e5f6c00${i + 1}`, name }),
);
const storesRoute = () => jsonResponse(200, { stores: STORES });
const list = (webhooks: TWebhook[]) => () =>
  jsonResponse(200, { webhooks, total: webhooks.length, page: 1, pageSize: 20 });

function renderPanel() {
  session.start({ token: 'jwt-webhooks', user: testUser });
  const router = createMemoryRouter([{ path: '/', element: <WebhooksPanel /> }]);
  const queryClient = createQueryClient({ navigate: () => undefined, currentPath: () => '/' });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('WebhooksPanel', () => {
  it('shows loading, then the empty state', async () => {
    const held = deferred<Response>();
    mockFetch({ [`GET ${BASE}`]: () => held.promise });
    renderPanel();
    expect(await screen.findByRole('status', { name: 'Loading webhooks' })).toBeInTheDocument();
    held.resolve(list([])());
    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();
  });

  it('shows an error with a retry', async () => {
    mockFetch({
      [`GET ${BASE}`]: ({ calls }) => (calls <= 2 ? jsonResponse(500, { message: 'Boom' }) : list([])()),
    });
    renderPanel();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Could not load webhooks',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();
  });

  it('adds an endpoint with the chosen events and shows its secret once, with copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = mockFetch({
      [`GET ${BASE}`]: list([]),
      [`POST ${BASE}`]: () => jsonResponse(201, { _id: ID, secret: 'whsec_c2VjcmV0' }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('URL is required')).toBeVisible();
    await userEvent.type(
      within(form).getByRole('textbox', { name: /endpoint url/i }),
      'https://hooks.example.com/cx',
    );
    await userEvent.click(within(form).getByRole('checkbox', { name: /An alert fires/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.bodiesOf(`POST ${BASE}`)).toHaveLength(1));
    expect(api.bodiesOf(`POST ${BASE}`)[0]).toEqual({
      url: 'https://hooks.example.com/cx',
      events: ['rating.created', 'alert.fired'],
    });
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    await userEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('adds an endpoint limited to the stores chosen with the keyboard', async () => {
    const api = mockFetch({
      [`GET ${BASE}`]: list([]),
      'GET /api/v1/store': storesRoute,
      [`POST ${BASE}`]: () => jsonResponse(201, { _id: ID, secret: 'whsec_c2VjcmV0' }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    expect(within(form).getByRole('radio', { name: 'All stores' })).toBeChecked();
    await userEvent.type(
      within(form).getByRole('textbox', { name: /endpoint url/i }),
      'https://hooks.example.com/cx',
    );
    within(form).getByRole('radio', { name: 'All stores' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(form).getByRole('radio', { name: 'Only chosen stores' })).toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Choose at least one store, or All stores')).toBeVisible();
    const camden = within(form).getByRole('checkbox', { name: 'Camden' });
    camden.focus();
    await userEvent.keyboard(' ');
    expect(camden).toBeChecked();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Hackney' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.bodiesOf(`POST ${BASE}`)).toHaveLength(1));
    expect(api.bodiesOf(`POST ${BASE}`)[0]).toEqual({
      url: 'https://hooks.example.com/cx',
      events: ['rating.created'],
      stores: [STORES[1]!._id, STORES[3]!._id],
    });
  });

  it("shows each endpoint's stores: All stores, or the names with +N more past three", async () => {
    mockFetch({
      [`GET ${BASE}`]: list([
        endpoint(),
        endpoint({
          _id: '64b7f0c2a1b2c3d4e5f6d002',
          url: 'https://a.example.com/one',
          stores: [STORES[1]!._id],
        }),
        endpoint({
          _id: '64b7f0c2a1b2c3d4e5f6d003',
          url: 'https://a.example.com/five',
          stores: STORES.map((s) => s._id),
        }),
      ]),
      'GET /api/v1/store': storesRoute,
    });
    renderPanel();
    const all = await screen.findByRole('listitem', { name: 'https://hooks.example.com/cx' });
    expect(all).toHaveTextContent('Stores: All stores');
    const one = screen.getByRole('listitem', { name: 'https://a.example.com/one' });
    expect(await within(one).findByText('Stores: Camden')).toBeVisible();
    const five = screen.getByRole('listitem', { name: 'https://a.example.com/five' });
    expect(within(five).getByText('Stores: Soho, Camden, Brixton +2 more')).toHaveAttribute(
      'title',
      'Soho, Camden, Brixton, Hackney, Peckham',
    );
  });

  it("shows the server's message on the URL field", async () => {
    mockFetch({
      [`GET ${BASE}`]: list([]),
      [`POST ${BASE}`]: () =>
        jsonResponse(400, {
          message: 'URL must be a public address',
          fieldErrors: { url: ['URL must be a public address'] },
        }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await userEvent.type(within(form).getByRole('textbox', { name: /endpoint url/i }), 'https://10.0.0.1/x');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('URL must be a public address')).toBeVisible();
  });

  it('sends a test event, turns the endpoint off, rotates the secret and deletes it', async () => {
    const api = mockFetch({
      [`GET ${BASE}`]: list([endpoint()]),
      [`POST ${BASE}/${ID}/test`]: () => jsonResponse(202, { _id: 'x' }),
      [`PATCH ${BASE}/${ID}`]: () => jsonResponse(200, endpoint({ enabled: false })),
      [`POST ${BASE}/${ID}/rotate-secret`]: () =>
        jsonResponse(200, { secret: 'whsec_bmV3', previousSecretExpiresAt: '2026-11-03T10:00:00.000Z' }),
      [`DELETE ${BASE}/${ID}`]: () => jsonResponse(200, { message: 'Webhook endpoint deleted' }),
    });
    renderPanel();
    const card = await screen.findByRole('listitem', { name: 'https://hooks.example.com/cx' });
    expect(card).toHaveTextContent('A rating is received · An alert fires');
    await userEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event queued')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Send events' }));
    await waitFor(() => expect(api.bodiesOf(`PATCH ${BASE}/${ID}`)).toEqual([{ enabled: false }]));
    await userEvent.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate' }),
    );
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_bmV3');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.callsOf(`DELETE ${BASE}/${ID}`)).toHaveLength(1));
  });

  it('shows the delivery log with status, code and duration, and redelivers', async () => {
    const api = mockFetch({
      [`GET ${BASE}`]: list([endpoint({ failingSince: '2026-11-01T10:00:00.000Z' })]),
      [`GET ${BASE}/${ID}/deliveries`]: () =>
        jsonResponse(200, { deliveries: [delivery()], total: 1, page: 1, pageSize: 10 }),
      [`POST ${BASE}/${ID}/deliveries/64b7f0c2a1b2c3d4e5f6e001/redeliver`]: () =>
        jsonResponse(202, { _id: 'y' }),
    });
    renderPanel();
    const card = await screen.findByRole('listitem', { name: 'https://hooks.example.com/cx' });
    expect(card).toHaveTextContent('Failing since');
    await userEvent.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const row = await within(card).findByRole('listitem', { name: 'rating.created Failed' });
    expect(row).toHaveTextContent('HTTP 500');
    expect(row).toHaveTextContent('42 ms');
    expect(row).toHaveTextContent('8 attempts');
    expect(row).toHaveTextContent('"store":"s1"');
    await userEvent.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(api.callsOf(`POST ${BASE}/${ID}/deliveries/64b7f0c2a1b2c3d4e5f6e001/redeliver`)).toHaveLength(1),
    );
    expect(await screen.findByText('Queued for redelivery')).toBeInTheDocument();
  });
});
