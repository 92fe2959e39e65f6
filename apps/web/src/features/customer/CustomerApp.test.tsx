// The lean QR entry's own router: each of the eight steps renders under the anonymous header; other paths leave.
import { screen, waitFor } from '@testing-library/react';
import { paths, TAGLINE } from '@/config/paths';
import { fakeFeedbackApi, makeStore, STORE_ID } from './testing/feedback-api';
import { renderCustomer } from './testing/render-customer';

describe('customer entry', () => {
  it.each(Object.values(paths.customer))(
    'shows $path under the anonymous header',
    async ({ path, title }) => {
      fakeFeedbackApi();
      renderCustomer(`${path}?store=${STORE_ID}&staff=64b7f0c2a1b2c3d4e5f60801`);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText('100% Anonymous!')).toBeInTheDocument();
      expect(screen.getByText(TAGLINE)).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${title} | CX Journey`));
    },
  );
});

describe("customer.html's inline starter", () => {
  const starterWindow = window as unknown as { __cxStore?: unknown };
  afterEach(() => delete starterWindow.__cxStore);

  it('renders the staff cards in the first pass when the store answer came in before the script', () => {
    const api = fakeFeedbackApi();
    const answer = { status: 200, body: makeStore() };
    starterWindow.__cxStore = { id: STORE_ID, p: Promise.resolve(answer), a: answer };
    renderCustomer(`${paths.customer.rateStaff.path}?store=${STORE_ID}`);
    // synchronously, without waiting for any promise: no spinner pass before the cards
    expect(screen.getByRole('link', { name: /^Rate Amelia/ })).toBeInTheDocument();
    expect(
      api.fetchMock.mock.calls.filter(([url]) => String(url).includes(`/stores/${STORE_ID}`)),
    ).toHaveLength(0);
    expect(starterWindow.__cxStore).toBeUndefined();
  });

  it('waits for the starter request still on its way instead of asking again', async () => {
    const api = fakeFeedbackApi();
    let answer!: (a: unknown) => void;
    starterWindow.__cxStore = { id: STORE_ID, p: new Promise((r) => (answer = r)) };
    renderCustomer(`${paths.customer.rateStaff.path}?store=${STORE_ID}`);
    expect(screen.queryByRole('link', { name: /^Rate Amelia/ })).not.toBeInTheDocument();
    answer({ status: 200, body: makeStore() });
    expect(await screen.findByRole('link', { name: /^Rate Amelia/ })).toBeInTheDocument();
    expect(
      api.fetchMock.mock.calls.filter(([url]) => String(url).includes(`/stores/${STORE_ID}`)),
    ).toHaveLength(0);
  });
});
