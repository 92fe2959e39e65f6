// The breakroom TV page: loading, the board, live refresh on a socket nudge, last data kept through an outage, and
// the neutral switched-off screen — never a login or an error page.
import { act, screen, within } from '@testing-library/react';
import { BOARD_EVENTS, type TBoardData } from '@cx/contracts';
import { fakeSockets } from '@/testing/fake-socket';
import { deferred, mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

const TOKEN = 'T'.repeat(43);
const PATH = `/board/${TOKEN}`;
const KEY = `GET /api/v1/boards/public/${TOKEN}`;

const data = (today = 3): TBoardData => ({
  store: { name: 'Covent Garden', image: null },
  brand: { logo: null, color: null, textColor: null },
  week: { from: '2026-05-01', to: '2026-05-07', ratings: 12, average: 4.6, change: 0.3 },
  today: { day: '2026-05-07', ratings: today },
  minSample: 5,
  team: [
    { _id: 'c', firstName: 'Carol', photo: null, rank: null },
    { _id: 'a', firstName: 'Alice', photo: null, rank: 1 },
    { _id: 'b', firstName: 'Bob', photo: null, rank: 2 },
  ],
  shoutOuts: [
    {
      _id: 's',
      text: 'Alice was lovely, write to [email]',
      firstName: 'Alice',
      photo: null,
      createdAt: '2026-05-07T10:00:00Z',
    },
  ],
  generatedAt: '2026-05-07T10:00:00Z',
});

beforeEach(() => fakeSockets.splice(0));

describe('Breakroom board page', () => {
  it('shows a loading screen, then the score, today, the team (not-yet-ranked apart, never last) and shout-outs', async () => {
    const pending = deferred<Response>();
    mockFetch({ [KEY]: () => pending.promise });
    renderApp(PATH);
    expect(await screen.findByText('Loading the board…')).toBeInTheDocument();
    pending.resolve(jsonResponse(200, data()));
    expect(await screen.findByRole('heading', { name: 'Covent Garden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Score this week 4.6 out of 5')).toBeInTheDocument();
    expect(screen.getByText('Up 0.3 on last week')).toBeInTheDocument();
    expect(screen.getByTestId('board-today')).toHaveTextContent('3');
    const ranking = within(screen.getByRole('list', { name: 'Team ranking' })).getAllByRole('listitem');
    expect(
      ranking.map((r) => [r.getAttribute('data-rank'), within(r).getByText(/^[A-Z][a-z]+$/).textContent]),
    ).toEqual([
      ['1', 'Alice'],
      ['2', 'Bob'],
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Getting started' })).getByText('Carol'),
    ).toBeInTheDocument();
    expect(screen.getByText('“Alice was lovely, write to [email]”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /log in/i })).not.toBeInTheDocument();
  });

  it('connects its socket with the board token and refetches on a nudge', async () => {
    const api = mockFetch({ [KEY]: ({ calls }) => jsonResponse(200, data(calls === 1 ? 3 : 4)) });
    renderApp(PATH);
    expect(await screen.findByTestId('board-today')).toHaveTextContent('3');
    const socket = fakeSockets.find((s) => (s.opts.auth as { board?: string } | undefined)?.board === TOKEN);
    expect(socket).toBeDefined();
    act(() => socket!.serverSends(BOARD_EVENTS.refresh, { at: 'now' }));
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(api.callsOf(KEY).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the last board on screen through an outage, saying it is reconnecting', async () => {
    let down = false;
    mockFetch({
      [KEY]: () => (down ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(200, data())),
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Covent Garden' })).toBeInTheDocument();
    down = true;
    const socket = fakeSockets.find((s) => (s.opts.auth as { board?: string } | undefined)?.board === TOKEN)!;
    act(() => socket.serverSends(BOARD_EVENTS.refresh, {}));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Covent Garden' })).toBeInTheDocument();
  });

  it('shows a calm connecting screen, not an error page, when the first load fails', async () => {
    mockFetch({ [KEY]: () => jsonResponse(503, { message: 'Service unavailable' }) });
    renderApp(PATH);
    expect(await screen.findByText('Connecting to the board…')).toBeInTheDocument();
    expect(screen.queryByText(/something went wrong/i)).not.toBeInTheDocument();
  });

  it('shows the neutral switched-off screen once the link answers 404', async () => {
    mockFetch({ [KEY]: () => jsonResponse(404, { message: 'Board not found', code: 'NOT_FOUND' }) });
    renderApp(PATH);
    expect(await screen.findByText('This board has been switched off')).toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
  });
});
