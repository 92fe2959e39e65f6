// The realtime socket: JWT handshake required, register only for oneself, every session of the user gets pushes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createApp } from '../../src/app';
import { closeRealtime, attachRealtime, disconnectUser } from '../../src/lib/realtime';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { signAccessToken } from '../../src/lib/auth';
import { setupTestDb } from '../helpers/db';
import { makeShop, postFrom, submitBody } from '../feedback/support';
import { makeMember, makeStore, makeUser } from '../factories';

setupTestDb();
const app = createApp();
let server: Server;
let url = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer(app);
  attachRealtime(server, ['http://localhost:5173']);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  resetRateLimits();
  sockets.splice(0).forEach((s) => s.disconnect());
});
afterAll(async () => {
  await closeRealtime();
});

function open(token?: string): Socket {
  const socket = connect(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const refused = (s: Socket) =>
  new Promise<Error>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected without a valid token')));
    s.once('connect_error', resolve);
  });
const next = <T>(s: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe('socket.io handshake', () => {
  it('refuses a socket without a token', async () => {
    const err = await refused(open());
    expect(err.message).toBe('Please log in to continue');
  });

  it('refuses a bad or forged token', async () => {
    expect((await refused(open('not-a-jwt'))).message).toBe('Your session is invalid. Please log in again.');
    const ghost = signAccessToken('64b000000000000000000000', 0); // signed, but no such user
    expect((await refused(open(ghost))).message).toBe(
      'Your session is no longer valid. Please log in again.',
    );
  });

  it('accepts register for the token’s own user and refuses (and disconnects) another user’s id', async () => {
    const me = await makeUser();
    const other = await makeUser();
    const mine = open(me.token);
    await connected(mine);
    expect(await mine.emitWithAck('register', me.id)).toEqual({ ok: true });

    const snooper = open(me.token);
    await connected(snooper);
    const gone = next<string>(snooper, 'disconnect');
    expect(await snooper.emitWithAck('register', other.id)).toEqual({
      ok: false,
      message: 'You can only register for your own notifications.',
    });
    expect(await gone).toBe('io server disconnect');
  });
});

describe('pushes after POST /api/v1/feedback/experience-ratings', () => {
  it('reaches every open session of the owner with the notification and a rating event, and nobody else', async () => {
    const shop = await makeShop();
    const stranger = await makeUser();
    const [tab1, tab2, theirs] = [open(shop.business.token), open(shop.business.token), open(stranger.token)];
    await Promise.all([connected(tab1), connected(tab2), connected(theirs)]);
    let leaked = 0;
    theirs.on('notification', () => (leaked += 1));
    theirs.on('rating', () => (leaked += 1));

    const got = Promise.all([
      next<{ message: string; isUnRead: boolean }>(tab1, 'notification'),
      next<{ message: string }>(tab2, 'notification'),
      next<{ score: number; store: string }>(tab1, 'rating'),
    ]);
    const res = await postFrom(app, '/feedback/experience-ratings', submitBody(shop.store, { score: 1 }));
    expect(res.status).toBe(201);
    const [n1, n2, rating] = await got;
    expect(n1.message).toContain('was rated <strong>1 star</strong>');
    expect(n1.isUnRead).toBe(true);
    expect(n2.message).toBe(n1.message);
    expect(rating).toMatchObject({ score: 1, store: String(shop.store._id) });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(0);
  });
});

describe('store scope and revocation', () => {
  it('a rating at a store reaches a manager of that store, not a manager of another one', async () => {
    const shop = await makeShop();
    const other = await makeStore(shop.business.id, { name: 'Elsewhere' });
    const here = await makeMember(shop.business.id, 'manager', [shop.store._id]);
    const away = await makeMember(shop.business.id, 'manager', [other._id]);
    const [mine, theirs] = [open(here.token), open(away.token)];
    await Promise.all([connected(mine), connected(theirs)]);
    let leaked = 0;
    theirs.on('rating', () => leaked++);
    const rating = next<{ store: string }>(mine, 'rating');
    const res = await postFrom(app, '/feedback/experience-ratings', submitBody(shop.store, { score: 4 }));
    expect(res.status).toBe(201);
    expect(await rating).toMatchObject({ store: String(shop.store._id) });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(0);
  });

  it('disconnectUser closes every open session of that user only', async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    const [a1, a2, b1] = [open(a.token), open(a.token), open(b.token)];
    await Promise.all([connected(a1), connected(a2), connected(b1)]);
    const closed = (s: Socket) => new Promise<void>((resolve) => s.once('disconnect', () => resolve()));
    const both = Promise.all([closed(a1), closed(a2)]);
    disconnectUser(a.id);
    await both;
    expect(b1.connected).toBe(true);
  });
});
