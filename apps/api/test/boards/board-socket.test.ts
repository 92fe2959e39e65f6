// A breakroom TV's socket: admitted by its board token, nudged only for its own store, closed when switched off.
import type { Socket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { BOARD_EVENTS, REALTIME_EVENTS } from '@cx/contracts';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { closedWithin, useSocketServer } from '../helpers/sockets';
import { rateExperience } from '../analytics/support';
import { makeStore, makeUser } from '../factories';
import { createBoard } from './support';

setupTestDb();
const app = createApp();
const sockets = useSocketServer(app);
const opened: Socket[] = [];
afterEach(() => {
  resetRateLimits();
  opened.splice(0).forEach((s) => s.disconnect());
});

function openBoard(token: string): Promise<Socket> {
  const { port } = sockets.server().address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}`, {
    auth: { board: token },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every event the socket hears, by name. */
function heard(s: Socket): string[] {
  const events: string[] = [];
  s.onAny((event: string) => events.push(event));
  return events;
}

const waitFor = async (check: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('board sockets', () => {
  it("hears a refresh within two seconds of its store's rating, and nothing of another store's", async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const other = await makeStore(owner.id);
    await createBoard(app, owner, other);
    const board = await createBoard(app, owner, store);
    const tv = await openBoard(board.token);
    const events = heard(tv);
    // the owner's own socket hears the rating push; the TV must not
    const ownerSocket = await sockets.openSocket(owner.token);
    const ownerEvents = heard(ownerSocket);

    await rateExperience(other, 5, new Date().toISOString());
    expect(await waitFor(() => ownerEvents.includes(REALTIME_EVENTS.rating))).toBe(true);
    expect(events).toEqual([]);

    const started = Date.now();
    await rateExperience(store, 4, new Date().toISOString());
    expect(await waitFor(() => events.includes(BOARD_EVENTS.refresh))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events).toEqual([BOARD_EVENTS.refresh]);
  });

  it('is refused with an unknown or switched-off token, and closed the moment its board is switched off', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    await expect(openBoard('B'.repeat(43))).rejects.toThrow('This board has been switched off');
    const board = await createBoard(app, owner, store);
    const tv = await openBoard(board.token);
    const closing = closedWithin(tv, 3000);
    await request(app).delete(`/api/v1/boards/${board.id}`).set(owner.auth).expect(200);
    expect((await closing).reason).toBe('io server disconnect');
    await expect(openBoard(board.token)).rejects.toThrow('This board has been switched off');
  });
});
