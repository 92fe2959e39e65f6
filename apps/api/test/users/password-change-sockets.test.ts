// A password change closes the user's other open sockets within a second; a socket opened with the new token stays.
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { disconnectOutdatedSessions, publishToUser } from '../../src/lib/realtime';
import { closedWithin, useSocketServer } from '../helpers/sockets';
import { makeUser, type MadeUser } from '../factories';
import { setupUsersApp } from './support';

const { app } = setupUsersApp();
const { server, openSocket } = useSocketServer(app);
const EVENT = 'notification';

function changePassword(made: MadeUser) {
  return request(server())
    .put('/api/v1/user/update-profile')
    .set(made.auth)
    .field('fullname', 'Grace Hopper')
    .field('oldPassword', 'Passw0rd!')
    .field('newPassword', 'BrandNew123')
    .expect(200);
}

/** The events a socket receives from now on. */
function received(socket: Socket): unknown[] {
  const events: unknown[] = [];
  socket.on(EVENT, (payload: unknown) => events.push(payload));
  return events;
}

/** Resolves with the next event the socket receives, or rejects after `ms`. */
function nextEvent(socket: Socket, ms = 1000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event')), ms);
    socket.once(EVENT, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('sockets and password changes (PUT /api/v1/user/update-profile)', () => {
  it('closes a socket opened with the old token within a second; it receives no further events', async () => {
    const made = await makeUser();
    const otherTab = await openSocket(made.token);
    const events = received(otherTab);
    const closed = closedWithin(otherTab, 1000);
    await changePassword(made);
    expect((await closed).reason).toBe('io server disconnect');
    publishToUser(made.id, EVENT, { message: 'after the change' });
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual([]);
    await expect(openSocket(made.token)).rejects.toThrow(/session/i);
  });

  it('keeps the socket of the tab that changed the password once it reconnects with the new token', async () => {
    const made = await makeUser();
    const oldTab = await openSocket(made.token);
    const oldClosed = closedWithin(oldTab, 1000);
    const res = await changePassword(made);
    const newTab = await openSocket(res.body.token as string);
    await oldClosed;
    // The race: the disconnect for this change may reach the server after the new socket is open.
    disconnectOutdatedSessions(made.id, 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(newTab.connected).toBe(true);
    const next = nextEvent(newTab);
    publishToUser(made.id, EVENT, { message: 'still here' });
    expect(await next).toEqual({ message: 'still here' });
  });

  it('leaves the sockets alone when only the name or picture changes', async () => {
    const made = await makeUser();
    const tab = await openSocket(made.token);
    await request(server())
      .put('/api/v1/user/update-profile')
      .set(made.auth)
      .field('fullname', 'Only A Rename')
      .expect(200);
    await expect(closedWithin(tab, 300)).rejects.toThrow(/still open/);
  });
});
