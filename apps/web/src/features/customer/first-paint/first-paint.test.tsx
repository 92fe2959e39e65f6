// The HTML's first paint: the very screen React renders for the two QR targets, and a tap on it opened by React.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CustomerApp } from '../CustomerApp';
import { fakeFeedbackApi, makeStore, STORE_ID } from '../testing/feedback-api';
import {
  paintedScreen,
  reactScreen,
  resetBetweenTests,
  startAt,
  starterWindow,
} from '../testing/first-paint';
import { takeOverFirstPaint } from './early-tap';

resetBetweenTests();

describe('first paint of /rate-staff and /rate-experience', () => {
  const withPhotoOffShift = makeStore({
    onShift: false,
    staff: [
      {
        _id: '64b7f0c2a1b2c3d4e5f60801',
        firstName: 'amelia',
        role: '',
        photo: '/api/v1/files/64b7f0c2a1b2c3d4e5f60701',
      },
      { _id: '64b7f0c2a1b2c3d4e5f60802', firstName: 'George', role: 'Cashier', photo: null },
    ],
  });
  it.each([
    ['the staff on shift, with initials', `/rate-staff?store=${STORE_ID}`, makeStore()],
    ['a photo, no role, nobody on the rota', `/rate-staff?store=${STORE_ID}`, withPhotoOffShift],
    [
      'nobody to rate and no store image',
      `/rate-staff?store=${STORE_ID}`,
      makeStore({ staff: [], image: null }),
    ],
    ['the five stars', `/rate-experience?store=${STORE_ID}`, makeStore()],
    [
      'the stars on a kiosk with no social step',
      `/rate-experience?store=${STORE_ID}&kiosk=1`,
      makeStore({ interfaces: { staff: true, experience: true, social: false } }),
    ],
  ])('draws exactly what React renders: %s', (_, url, store) => {
    const react = reactScreen(url, store);
    expect(paintedScreen(url, store)).toBe(react);
  });

  it('draws the Spanish screen for a Spanish browser, from the strings the HTML carries', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    const url = `/rate-staff?store=${STORE_ID}`;
    const react = reactScreen(url, makeStore());
    expect(react).toContain('Valorar a Amelia, Barista');
    expect(paintedScreen(url, makeStore(), 'es')).toBe(react);
  });

  it('leaves other steps, an unknown person and a step the store has turned off, to React', () => {
    expect(paintedScreen(`/social-media?store=${STORE_ID}`, makeStore())).toBeNull();
    expect(
      paintedScreen(`/after-scan?store=${STORE_ID}&staff=64b7f0c2a1b2c3d4e5f60000`, makeStore()),
    ).toBeNull();
    const noStaff = makeStore({ interfaces: { staff: false, experience: true, social: true } });
    expect(paintedScreen(`/rate-staff?store=${STORE_ID}`, noStaff)).toBeNull();
  });
});

describe("customer.html's starter", () => {
  it('draws the staff cards from the store answer, before any app script ran', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    expect(within(root).getByRole('link', { name: 'Rate Amelia, Barista' })).toBeVisible();
    expect(within(root).getByTestId('header-store-name')).toHaveTextContent('Covent Garden');
    expect(document.title).toBe('Rate our staff | CX Journey');
  });

  it('draws the tapped person’s rating step at once, which React then takes over, still counting the visit', async () => {
    const api = fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    const notFollowed = !fireEvent.click(within(root).getByRole('link', { name: 'Rate Amelia, Barista' }));
    expect(notFollowed).toBe(true);
    expect(window.location.pathname).toBe('/after-scan');
    expect(window.location.search).toContain('staff=64b7f0c2a1b2c3d4e5f60801');
    expect(within(root).getByText('How was Amelia today?')).toBeVisible();
    expect(document.title).toBe('Rate our staff | CX Journey');

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(screen.getByText('How was Amelia today?')).toBeInTheDocument();
    expect(root.querySelectorAll('.cx-page')).toHaveLength(1);
    await waitFor(() => expect(api.postsTo('visits')).toHaveLength(1));
  });

  it('keeps a tap the first paint cannot draw (the social step) for React’s first pass', async () => {
    const api = fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    fireEvent.click(within(root).getByRole('link', { name: 'Skip' }));
    expect(window.location.pathname).toBe('/rate-experience');
    fireEvent.click(within(root).getByRole('link', { name: 'Skip' }));
    expect(window.location.pathname).toBe('/rate-experience');

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(window.location.pathname).toBe('/visit-social-media');
    await waitFor(() => expect(api.postsTo('visits')).toHaveLength(1));
  });

  it('hands a tap made after the app started, before React drew, straight to the app', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-experience?store=${STORE_ID}`);
    takeOverFirstPaint();
    fireEvent.click(within(root).getByRole('link', { name: '4 of 5 stars, Good' }));
    expect(window.location.pathname).toBe('/after-scan-experience');
    render(<CustomerApp />, { container: root });
    expect(screen.getByText('Anything you would like to add?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 of 5 stars, Good' })).toBeChecked();
  });

  it('leaves a modified click (a new tab) to the browser', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    const link = within(root).getByRole('link', { name: 'Rate George, Cashier' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(starterWindow.__cxStore).not.toHaveProperty('tap');
  });

  it('draws nothing for a store that is not found: React says so', async () => {
    fakeFeedbackApi();
    const root = await startAt('/rate-staff?store=64b7f0c2a1b2c3d4e5f60000');
    expect(root).toBeEmptyDOMElement();
  });
});
