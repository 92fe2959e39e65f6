// The lean QR entry's own router: each of the eight steps renders under the anonymous header; other paths leave.
import { screen, waitFor } from '@testing-library/react';
import { paths, TAGLINE } from '@/config/paths';
import { fakeFeedbackApi, STORE_ID } from './testing/feedback-api';
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
