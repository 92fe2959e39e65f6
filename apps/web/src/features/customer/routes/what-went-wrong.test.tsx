// Screen-level (#37): at 1–3★ the chips ask what went wrong and the customer may ask to be contacted (checked by hand as
// the API checks it); at 4–5★ "what stood out" and no contact request; a business's own chips are shown as typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetOutbox } from '../api/outbox-client';
import { fakeFeedbackApi, makeStore, STORE_ID } from '../testing/feedback-api';
import { renderCustomer } from '../testing/render-customer';

const RATE_AMELIA = `/after-scan?store=${STORE_ID}&staff=64b7f0c2a1b2c3d4e5f60801`;

beforeEach(() => {
  resetOutbox();
  sessionStorage.clear();
});

describe('the rating step at 1–3 stars', () => {
  it('asks what went wrong, and sends a contact request only when asked, with consent', async () => {
    const api = fakeFeedbackApi();
    const user = userEvent.setup();
    renderCustomer(RATE_AMELIA);
    expect(await screen.findByRole('group', { name: 'What stood out? (optional)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /contact me/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '1 of 5 stars, Terrible' }));
    const chips = screen.getByRole('group', { name: 'What went wrong? (optional)' });
    expect(within(chips).queryByRole('button', { name: 'Friendly' })).not.toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Order wrong' }));
    expect(screen.getByText('Leave this unticked and your rating stays anonymous.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: "I'd like someone to contact me about this" }));
    expect(
      screen.getByText("Only the store's managers will see your details; staff will not."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByText('Give an email address or a phone number')).toBeInTheDocument();
    expect(screen.getByText('Tick the box to agree to be contacted')).toBeInTheDocument();
    expect(api.postsTo('staff-ratings')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'jane@example');
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I agree that Covent Garden may contact me about this feedback, and only about it.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter a valid email address',
    );
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.com');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));

    await waitFor(() => expect(api.postsTo('staff-ratings')).toHaveLength(1));
    expect(api.postsTo('staff-ratings')[0]).toMatchObject({
      score: 1,
      tags: ['Order wrong'],
      contact: { email: 'jane@example.com', consent: true },
    });
  });

  it('drops the low chips and the contact request when the score goes back up', async () => {
    const api = fakeFeedbackApi();
    const user = userEvent.setup();
    renderCustomer(RATE_AMELIA);
    await user.click(await screen.findByRole('radio', { name: '2 of 5 stars, Poor' }));
    await user.click(screen.getByRole('button', { name: 'Slow service' }));
    await user.click(screen.getByRole('checkbox', { name: "I'd like someone to contact me about this" }));
    await user.click(screen.getByRole('radio', { name: '5 of 5 stars, Excellent' }));
    expect(screen.queryByRole('checkbox', { name: /contact me/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(api.postsTo('staff-ratings')).toHaveLength(1));
    const sent = api.postsTo('staff-ratings')[0]!;
    expect(sent).toMatchObject({ score: 5, tags: [] });
    expect(sent).not.toHaveProperty('contact');
  });

  it("shows the business's own chips as typed", async () => {
    fakeFeedbackApi(
      makeStore({
        chips: {
          staff: { good: ['Remembered my name'], bad: ['Ignored me'] },
          experience: { good: ['Cosy'], bad: ['Too loud'] },
        },
      }),
    );
    const user = userEvent.setup();
    renderCustomer(RATE_AMELIA);
    expect(await screen.findByRole('button', { name: 'Remembered my name' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3 of 5 stars, Okay' }));
    expect(screen.getByRole('button', { name: 'Ignored me' })).toBeInTheDocument();
  });
});

describe('the rating step in Spanish', () => {
  it('translates the low chips and the contact request', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es']);
    fakeFeedbackApi();
    const user = userEvent.setup();
    renderCustomer(RATE_AMELIA);
    await user.click(await screen.findByRole('radio', { name: '1 de 5 estrellas, Pésimo' }));
    expect(screen.getByRole('group', { name: '¿Qué salió mal? (opcional)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedido equivocado' })).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Quiero que alguien me contacte sobre esto' }),
    ).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
