// The rating step the first paint draws on a tap: React's very form, answering input as React does, and taken over by
// React with everything the customer did on it (stars, tags, comment, focus, a Send already pressed).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CustomerApp } from '../CustomerApp';
import { fakeFeedbackApi, makeStore, STORE_ID } from '../testing/feedback-api';
import {
  answeredStarter,
  canonical,
  paintedScreen,
  reactScreen,
  resetBetweenTests,
  startAt,
} from '../testing/first-paint';
import { renderCustomer } from '../testing/render-customer';
import { takeOverFirstPaint } from './early-tap';

const AMELIA = '64b7f0c2a1b2c3d4e5f60801';
const RATE_AMELIA = `/after-scan?store=${STORE_ID}&staff=${AMELIA}`;

resetBetweenTests();

describe('first paint of the rating step', () => {
  const withPhoto = makeStore({
    staff: [
      { _id: AMELIA, firstName: 'Amelia', role: 'Barista', photo: '/api/v1/files/64b7f0c2a1b2c3d4e5f60701' },
    ],
  });
  it.each([
    ['a person with initials', RATE_AMELIA, makeStore()],
    ['a person with a photo', RATE_AMELIA, withPhoto],
    ['the experience with the tapped star', `/after-scan-experience?store=${STORE_ID}&score=4`, makeStore()],
    ['the experience with no usable score', `/after-scan-experience?store=${STORE_ID}&score=9`, makeStore()],
    [
      'the experience at 2 stars: what went wrong, contact',
      `/after-scan-experience?store=${STORE_ID}&score=2`,
      makeStore(),
    ],
    [
      "a business's own chips",
      `/after-scan-experience?store=${STORE_ID}&score=1`,
      makeStore({
        chips: {
          staff: { good: ['Warm'], bad: ['Cold'] },
          experience: { good: ['Cosy'], bad: ['Too loud'] },
        },
      }),
    ],
  ])('draws exactly what React renders: %s', (_, url, store) => {
    const react = reactScreen(url, store);
    expect(paintedScreen(url, store)).toBe(react);
  });

  it('draws the Spanish form for a Spanish browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es']);
    const react = reactScreen(RATE_AMELIA, makeStore());
    expect(react).toContain('¿Qué tal te atendió Amelia hoy?');
    expect(paintedScreen(RATE_AMELIA, makeStore(), 'es')).toBe(react);
  });
});

describe('a tap on the drawn cards', () => {
  it('redraws only the step, to exactly the page React renders there', async () => {
    const react = reactScreen(RATE_AMELIA, makeStore());
    fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    const header = root.querySelector('header');
    fireEvent.click(within(root).getByRole('link', { name: 'Rate Amelia, Barista' }));
    expect(`${document.title}\n${canonical(root.firstChild!)}`).toBe(react);
    expect(root.querySelector('header')).toBe(header);
  });
});

describe('the drawn form before React', () => {
  type TDo = (form: HTMLElement) => void;
  const star = (n: number) => (f: HTMLElement) => fireEvent.click(within(f).getAllByRole('radio')[n - 1]!);
  const tag = (name: string) => (f: HTMLElement) => fireEvent.click(within(f).getByRole('button', { name }));
  const type = (text: string) => (f: HTMLElement) =>
    fireEvent.input(within(f).getByRole('textbox'), { target: { value: text } });
  const send = (f: HTMLElement) => fireEvent.click(within(f).getByRole('button', { name: 'Send rating' }));

  it.each<[string, TDo[]]>([
    ['a star chosen, then another', [star(2), star(4)]],
    ['two tags on, one off again', [tag('Friendly'), tag('Helpful'), tag('Friendly')]],
    ['a comment typed', [type('Lovely coffee')]],
    ['a comment over the limit', [type('x'.repeat(1001))]],
    ['Send with no star, then a star', [send, star(3)]],
    ['Send with no star', [send]],
    ['a low star: what went wrong and the contact request', [star(2), tag('Order wrong')]],
    ['a low star, then a high one', [star(1), tag('Slow service'), star(5), tag('Helpful')]],
    ['a low star, then another low one', [star(1), tag('Unfriendly'), star(3)]],
  ])('answers as React does: %s', async (_, steps) => {
    fakeFeedbackApi();
    answeredStarter(makeStore());
    const { container, unmount } = renderCustomer(RATE_AMELIA);
    for (const step of steps) step(container);
    const react = canonical(container.firstChild!);
    unmount();

    const root = await startAt(RATE_AMELIA);
    for (const step of steps) step(root);
    expect(canonical(root.firstChild!)).toBe(react);
  });

  it('holds Send with a star as React shows sending, for React to send', async () => {
    fakeFeedbackApi();
    const root = await startAt(RATE_AMELIA);
    star(5)(root);
    send(root);
    const button = within(root).getByRole('button', { name: 'Sending…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('React taking the drawn form over', () => {
  it('keeps the stars, tags, comment, focus and cursor the customer left', async () => {
    fakeFeedbackApi();
    const root = await startAt(RATE_AMELIA);
    fireEvent.click(within(root).getByRole('radio', { name: '4 of 5 stars, Good' }));
    fireEvent.click(within(root).getByRole('button', { name: 'Helpful' }));
    const box = within(root).getByRole('textbox') as HTMLTextAreaElement;
    box.focus();
    fireEvent.input(box, { target: { value: 'Lovely coffee' } });
    box.setSelectionRange(3, 6);
    const drawn = canonical(root.firstChild!);

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(root.querySelectorAll('.cx-page')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: '4 of 5 stars, Good' })).toBeChecked();
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    const textbox = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(textbox).toHaveValue('Lovely coffee');
    expect(textbox).toHaveFocus();
    expect([textbox.selectionStart, textbox.selectionEnd]).toEqual([3, 6]);
    expect(canonical(root.firstChild!)).toBe(drawn);
  });

  it('keeps a contact request ticked under a low star, and React opens its fields', async () => {
    fakeFeedbackApi();
    const root = await startAt(RATE_AMELIA);
    fireEvent.click(within(root).getByRole('radio', { name: '2 of 5 stars, Poor' }));
    fireEvent.click(within(root).getByRole('button', { name: 'Order wrong' }));
    fireEvent.click(
      within(root).getByRole('checkbox', { name: "I'd like someone to contact me about this" }),
    );

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(screen.getByRole('button', { name: 'Order wrong' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: "I'd like someone to contact me about this" })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('sends a rating whose Send was pressed before React came, once, and moves on', async () => {
    const api = fakeFeedbackApi();
    const root = await startAt(RATE_AMELIA);
    fireEvent.click(within(root).getByRole('radio', { name: '5 of 5 stars, Excellent' }));
    fireEvent.click(within(root).getByRole('button', { name: 'Send rating' }));

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    await waitFor(() => expect(window.location.pathname).toBe('/rate-experience'));
    expect(api.postsTo('staff-ratings')).toEqual([expect.objectContaining({ staff: AMELIA, score: 5 })]);
  });

  it('keeps the error of a Send with no star, and a honeypot a bot filled', async () => {
    const api = fakeFeedbackApi();
    const root = await startAt(RATE_AMELIA);
    fireEvent.click(within(root).getByRole('button', { name: 'Send rating' }));
    root.querySelector<HTMLInputElement>('input[name=contact_by_fax]')!.value = 'bot@example.com';

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a rating from 1 to 5 stars');
    fireEvent.click(screen.getByRole('radio', { name: '3 of 5 stars, Okay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(api.postsTo('staff-ratings')).toHaveLength(1));
    expect(api.postsTo('staff-ratings')[0]).toMatchObject({ homepage: 'bot@example.com' });
  });

  it('goes back to the cards on Back before React came, and React draws the page shown', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-experience?store=${STORE_ID}`);
    fireEvent.click(within(root).getByRole('link', { name: '4 of 5 stars, Good' }));
    expect(window.location.pathname).toBe('/after-scan-experience');
    expect(within(root).getByRole('radio', { name: '4 of 5 stars, Good' })).toBeChecked();
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/rate-experience'));
    expect(within(root).getByRole('link', { name: '4 of 5 stars, Good' })).toBeVisible();
    expect(document.title).toBe('Rate your experience | CX Journey');

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(screen.getByText('Tap a star to rate your visit.')).toBeInTheDocument();
  });
});
