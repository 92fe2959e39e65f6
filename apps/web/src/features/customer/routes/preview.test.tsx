// "Preview as a customer": the whole journey can be walked with a banner on every step, and nothing is sent or kept.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetOutbox } from '../api/outbox-client';
import { STORAGE_KEY } from '../api/outbox';
import { DEVICE_KEY } from '../api/device';
import { renderCustomer } from '../testing/render-customer';
import { fakeFeedbackApi, STORE_ID } from '../testing/feedback-api';

beforeEach(() => {
  resetOutbox();
  sessionStorage.clear();
});

const BANNER = 'Preview as a customer: nothing you do here is saved or counted.';

describe('customer preview', () => {
  it('walks every step with the banner and sends no visit, rating, click or device request', async () => {
    const api = fakeFeedbackApi();
    const user = userEvent.setup();
    renderCustomer(`/rate-staff?store=${STORE_ID}&preview=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate our staff' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(BANNER);

    await user.click(await screen.findByRole('link', { name: 'Rate Amelia, Barista' }));
    await user.click(await screen.findByRole('radio', { name: '2 of 5 stars, Poor' }));
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    // The next step's links carry only ?store=: the tab keeps the preview.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rate your experience' }),
    ).toBeInTheDocument();
    expect(window.location.search).toBe(`?store=${STORE_ID}`);
    expect(screen.getByRole('note')).toHaveTextContent(BANNER);

    await user.click(screen.getByRole('link', { name: '5 of 5 stars, Excellent' }));
    await user.click(await screen.findByRole('button', { name: 'Send rating' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visit us on social media' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Instagram/ }));

    // Give any late send its chance, then check that nothing left the page or stayed behind.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.posts).toEqual([]);
    expect(api.state.devicesIssued).toBe(0);
    const posted = api.fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');
    expect(posted).toEqual([]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')).toEqual([]);
    expect(localStorage.getItem(DEVICE_KEY)).toBeNull();
    // Nor does it pretend a rating was sent.
    expect(screen.queryByText('Sent. Thank you!')).not.toBeInTheDocument();
  }, 30_000);

  it('a normal QR scan in a fresh tab still counts and shows no banner', async () => {
    const api = fakeFeedbackApi();
    renderCustomer(`/rate-staff?store=${STORE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rate our staff' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await waitFor(() => expect(api.postsTo('visits')).toHaveLength(1));
  });
});
