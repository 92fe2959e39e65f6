// /customers-feedback: flagged ratings are listed with their reasons and can be restored with a note.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFlaggedRating } from '@cx/contracts';
import { apiUser, jsonResponse, renderApp } from '@/testing/render-app';

const flagged: TFlaggedRating = {
  _id: '64b7f0c2a1b2c3d4e5f60aaa',
  kind: 'staff',
  store: { _id: '64b7f0c2a1b2c3d4e5f60799', name: 'Covent Garden' },
  staff: { _id: '64b7f0c2a1b2c3d4e5f60801', name: 'Amelia Hughes' },
  score: 5,
  comment: 'Best ever',
  tags: [],
  day: '2026-11-20',
  source: 'kiosk',
  createdAt: '2026-11-20T10:00:00.000Z',
  reasons: ['4 five-star ratings of this staff member from one device within 10 minutes'],
  restored: false,
  reviewedAt: null,
  audit: [],
};

function mockReviewApi() {
  const restoreBodies: unknown[] = [];
  let restored = false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/ratings/flagged') {
      const wantRestored = url.searchParams.get('status') === 'restored';
      const list = restored === wantRestored ? [{ ...flagged, restored }] : [];
      return jsonResponse(200, { ratings: list, total: list.length, page: 1, pageSize: 50 });
    }
    if (url.pathname === `/api/v1/ratings/${flagged._id}/restore` && init.method === 'POST') {
      restoreBodies.push(JSON.parse(String(init.body)));
      restored = true;
      return jsonResponse(200, { ...flagged, restored: true });
    }
    if (url.pathname === '/api/v1/user/me') return jsonResponse(200, { user: apiUser });
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { restoreBodies };
}

describe('Flagged for review (/customers-feedback)', () => {
  it('explains why a rating was flagged and restores it with a note', async () => {
    const api = mockReviewApi();
    const user = userEvent.setup();
    renderApp('/customers-feedback', { token: 'abc' });
    expect(await screen.findByRole('heading', { name: 'Flagged for review' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Flagged: 4 five-star ratings of this staff member from one device within 10 minutes',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Amelia Hughes · Covent Garden')).toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: 'Note for restoring the rating of Amelia Hughes' }),
      'Regular',
    );
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.restoreBodies).toEqual([{ note: 'Regular' }]));
    expect(await screen.findByText('Rating restored: it counts in rankings again.')).toBeInTheDocument();
    expect(await screen.findByText('No flagged ratings to review.')).toBeInTheDocument();
  });
});
