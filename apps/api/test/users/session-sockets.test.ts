// A password reset ends every session it outdated, open sockets included, within a second.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { attachRealtime, closeRealtime } from '../../src/lib/realtime';
import { makeUser, type MadeUser } from '../factories';
import { otpFrom, setupUsersApp } from './support';

const { app, mailbox } = setupUsersApp();
let server: Server;
let url = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer(app);
  attachRealtime(server, ['http://localhost:5173']);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
afterAll(async () => {
  await closeRealtime();
});

async function openSocket(token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const closedWithin = (s: Socket, ms: number) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

async function refusedSocket(made: MadeUser): Promise<void> {
  await expect(openSocket(made.token)).rejects.toThrow(/session/i);
}

describe('sockets and password resets', () => {
  it('a password reset closes the open sockets', async () => {
    const made = await makeUser();
    const tab = await openSocket(made.token);
    await request(server).post('/api/v1/user/forgot-password').send({ email: made.user.email }).expect(200);
    const otp = otpFrom(await mailbox.waitFor(made.user.email));
    const verified = await request(server)
      .post('/api/v1/user/verify-otp')
      .send({ email: made.user.email, otp })
      .expect(200);
    const closed = closedWithin(tab, 1000);
    await request(server)
      .post('/api/v1/user/reset-password')
      .send({ email: made.user.email, password: 'BrandNew123', resetToken: verified.body.resetToken })
      .expect(200);
    expect(await closed).toBe('io server disconnect');
    await refusedSocket(made);
  });
});
