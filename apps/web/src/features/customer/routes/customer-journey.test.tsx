// Screen-level: QR link → on-shift staff → stars + comment → experience → social (even after 1 star) → thanks.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from '../nav/nav';
import { renderCustomer } from '../testing/render-customer';
import { resetOutbox } from '../api/outbox-client';
import { rememberKioskTablet } from '@/lib/kiosk';
import { fakeFeedbackApi, ISSUED_DEVICE_ID, makeStore, STORE_ID } from '../testing/feedback-api';
import { KIOSK_COUNTDOWN_SECONDS } from '../components/ThanksView';

beforeEach(() => {
  resetOutbox();
  sessionStorage.clear();
});

describe('customer journey screens', () => {
  it('rates the on-shift person and the experience, then offers social links after a 1-star rating', async () => {
    const api = fakeFeedbackApi();
    const user = userEvent.setup();
    renderCustomer(`/rate-staff?store=${STORE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Rate our staff' })).toBeInTheDocument();
    expect(await screen.findByTestId('header-store-name')).toHaveTextContent('Covent Garden');
    expect(screen.getByRole('img', { name: 'Covent Garden' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/v1/files/'),
    );
    await waitFor(() => expect(api.postsTo('visits')).toHaveLength(1));

    await user.click(screen.getByRole('link', { name: 'Rate Amelia, Barista' }));
    expect(await screen.findByText('How was Amelia today?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a rating from 1 to 5 stars');

    await user.click(screen.getByRole('radio', { name: '4 of 5 stars, Good' }));
    await user.click(screen.getByRole('button', { name: 'Friendly' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Anything to add? (optional)' }),
      'Lovely flat white',
    );
    await user.click(screen.getByRole('button', { name: 'Send rating' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rate your experience' }),
    ).toBeInTheDocument();
    const [staffRating] = api.postsTo('staff-ratings');
    expect(staffRating).toMatchObject({
      store: STORE_ID,
      staff: '64b7f0c2a1b2c3d4e5f60801',
      score: 4,
      comment: 'Lovely flat white',
      tags: ['Friendly'],
      source: 'qr',
      homepage: '',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // The id the API issued to this browser on its first submit (the visit), not one made up here.
      deviceId: ISSUED_DEVICE_ID,
    });
    expect(api.state.devicesIssued).toBe(1);
    expect(staffRating).not.toHaveProperty('kiosk');

    await user.click(screen.getByRole('link', { name: '1 of 5 stars, Terrible' }));
    expect(await screen.findByRole('radio', { name: '1 of 5 stars, Terrible' })).toBeChecked();
    expect(window.location.pathname).toBe('/after-scan-experience');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visit us on social media' }),
    ).toBeInTheDocument();
    expect(api.postsTo('experience-ratings')[0]).toMatchObject({ score: 1 });
    expect(screen.getByRole('link', { name: /Review us on Google/ })).toHaveAttribute(
      'href',
      'https://g.page/r/demo/review',
    );
    await user.click(screen.getByRole('link', { name: /Instagram/ }));
    await waitFor(() =>
      expect(api.postsTo('social-clicks')).toEqual([expect.objectContaining({ network: 'instagram' })]),
    );

    await user.click(screen.getByRole('link', { name: 'No thanks' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/after-scan-thanks');
    expect(screen.getByText('You can close this page now.')).toBeInTheDocument();
  });

  it('shows the server’s refusal on the form and stays there', async () => {
    const api = fakeFeedbackApi();
    api.state.nextAnswers.push({
      status: 429,
      body: {
        code: 'RATED_RECENTLY',
        message: 'You have already rated Amelia from this device. You can rate again in 42 minutes.',
      },
    });
    const user = userEvent.setup();
    renderCustomer(`/after-scan?store=${STORE_ID}&staff=64b7f0c2a1b2c3d4e5f60801`);
    await user.click(await screen.findByRole('radio', { name: '5 of 5 stars, Excellent' }));
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can rate again in 42 minutes.');
    expect(window.location.pathname).toBe('/after-scan');
    // One outcome per send: the refused rating left the queue, but it was not sent.
    expect(screen.queryByText('Sent. Thank you!')).not.toBeInTheDocument();
    expect(screen.queryByText('Saved, sending…')).not.toBeInTheDocument();
  });

  it('moves on with "Saved, sending…" when offline, and delivers the rating once the connection is back', async () => {
    const api = fakeFeedbackApi();
    const user = userEvent.setup();
    renderCustomer(`/after-scan-experience?store=${STORE_ID}&score=3`);
    expect(await screen.findByRole('radio', { name: '3 of 5 stars, Okay' })).toBeChecked();
    api.state.online = false;
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visit us on social media' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('send-status')).toHaveTextContent('Saved, sending…');
    expect(JSON.parse(localStorage.getItem('cx.outbox.v1')!)).toHaveLength(1);

    api.state.online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.postsTo('experience-ratings')).toHaveLength(1));
    expect(await screen.findByTestId('send-status')).toHaveTextContent('Sent. Thank you!');
    expect(api.postsTo('experience-ratings')[0]).toMatchObject({ score: 3 });
  });

  it('skips a disabled staff interface straight to the experience step', async () => {
    fakeFeedbackApi(makeStore({ interfaces: { staff: false, experience: true, social: true }, staff: [] }));
    renderCustomer(`/rate-staff?store=${STORE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rate your experience' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/rate-experience');
  });

  it('says so when the store does not exist', async () => {
    fakeFeedbackApi();
    renderCustomer('/rate-staff?store=64b7f0c2a1b2c3d4e5f6aaaa');
    expect(
      await screen.findByText('We could not find this store. Please scan the QR code again.'),
    ).toBeInTheDocument();
  });

  it('sends an enrolled tablet’s kiosk credential with its submits for that store', async () => {
    const api = fakeFeedbackApi();
    const credential = `kio_${'k'.repeat(43)}`;
    rememberKioskTablet(STORE_ID, { id: '64b7f0c2a1b2c3d4e5f60901', credential });
    renderCustomer(`/rate-experience?store=${STORE_ID}&kiosk=1`);
    await userEvent.click(await screen.findByRole('link', { name: /^5 of 5 stars/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(api.postsTo('experience-ratings')).toHaveLength(1));
    expect(api.postsTo('experience-ratings')[0]).toMatchObject({
      kiosk: credential,
      deviceId: ISSUED_DEVICE_ID,
    });
  });

  it('sends the rating without a device id when the API cannot issue one', async () => {
    const api = fakeFeedbackApi();
    api.state.deviceAnswer = new Response(JSON.stringify({ code: 'RATE_LIMITED' }), { status: 429 });
    renderCustomer(`/rate-experience?store=${STORE_ID}`);
    await userEvent.click(await screen.findByRole('link', { name: '4 of 5 stars, Good' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(api.postsTo('experience-ratings')).toHaveLength(1));
    expect(api.postsTo('experience-ratings')[0]).toMatchObject({ score: 4 });
    expect(api.postsTo('experience-ratings')[0]).not.toHaveProperty('deviceId');
  });

  it('counts down on a kiosk and starts again for the next customer', async () => {
    fakeFeedbackApi();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderCustomer(`/rate-staff?store=${STORE_ID}&kiosk=1`);
      expect(await screen.findByRole('link', { name: 'Rate Amelia, Barista' })).toBeInTheDocument();
      // A shared tablet shows the review links as QR codes to scan, instead of opening them itself.
      act(() => navigate(`/visit-social-media?store=${STORE_ID}`));
      expect(await screen.findByRole('img', { name: 'QR code for Review us on Google' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Review us on Google/ })).not.toBeInTheDocument();
      act(() => navigate(`/thanks?store=${STORE_ID}`));
      expect(await screen.findByRole('timer')).toHaveTextContent(
        `Starting again for the next customer in ${KIOSK_COUNTDOWN_SECONDS} s`,
      );
      expect(screen.getByRole('button', { name: 'Start again' })).toBeVisible();
      for (let i = 0; i < KIOSK_COUNTDOWN_SECONDS; i++) {
        await act(() => vi.advanceTimersByTimeAsync(1000));
      }
      await waitFor(() => expect(window.location.pathname).toBe('/rate-staff'));
      expect(window.location.search).toBe(`?store=${STORE_ID}`);
      expect(await screen.findByRole('link', { name: 'Rate Amelia, Barista' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts again on a phone when asked', async () => {
    fakeFeedbackApi();
    renderCustomer(`/after-scan-thanks?store=${STORE_ID}`);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(window.location.pathname).toBe('/rate-staff'));
  });
});
