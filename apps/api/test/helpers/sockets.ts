// A listening server with Socket.IO for tests that open real sockets: open one, and wait for the server to close it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { io as connect, type Socket } from 'socket.io-client';
import { attachRealtime, closeRealtime } from '../../src/lib/realtime';

export interface SocketServer {
  /** The listening server (use it with supertest so HTTP and sockets share one process). */
  server: () => Server;
  /** Opens an authenticated socket; rejects with the handshake's error when refused. */
  openSocket: (token: string) => Promise<Socket>;
}

/** Registers beforeAll/afterEach/afterAll hooks: one server per file, every socket closed after each test. */
export function useSocketServer(app: Express): SocketServer {
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
  return {
    server: () => server,
    openSocket: async (token) => {
      const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
  };
}

/** The reason the server gave for closing the socket, or a rejection when it is still open after `ms`. */
export function closedWithin(s: Socket, ms: number): Promise<{ reason: string; after: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, after: Date.now() - started });
    });
  });
}
