// The staff picker's rota words: only a store that has a rota says "Nobody is on the rota right now…".
import { screen } from '@testing-library/react';
import { resetOutbox } from '../api/outbox-client';
import { renderCustomer } from '../testing/render-customer';
import { fakeFeedbackApi, makeStore, STORE_ID } from '../testing/feedback-api';

beforeEach(() => {
  resetOutbox();
  sessionStorage.clear();
});

const OFF_SHIFT = 'Nobody is on the rota right now, so here is the whole team.';

describe('staff picker and the rota', () => {
  it('shows the whole team without rota words while the store has no rota', async () => {
    fakeFeedbackApi(makeStore({ onShift: false, hasRota: false }));
    renderCustomer(`/rate-staff?store=${STORE_ID}`);
    expect(await screen.findByRole('link', { name: 'Rate Amelia, Barista' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rate George, Cashier' })).toBeInTheDocument();
    expect(screen.queryByText(OFF_SHIFT)).not.toBeInTheDocument();
  });

  it('says nobody is on the rota when the store has one but nobody is on shift now', async () => {
    fakeFeedbackApi(makeStore({ onShift: false, hasRota: true }));
    renderCustomer(`/rate-staff?store=${STORE_ID}`);
    expect(await screen.findByText(OFF_SHIFT)).toBeInTheDocument();
  });
});
