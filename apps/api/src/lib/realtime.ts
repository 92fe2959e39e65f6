// Socket.IO: JWT-checked handshakes, one room per user (every open session), Redis fan-out that survives Redis outages.
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import { REALTIME_EVENTS } from '@cx/contracts';
import { env } from '../config/env';
import { authenticateToken, type AuthContext } from './auth';
import { AppError } from './errors';
import { logger } from './logger';
import { getRedis } from './redis';

let io: Server | null = null;

/** The room of every open session of one user. */
export const roomOf = (userId: string) => `user:${userId}`;
/** The room of the user's sockets opened with tokens of one version (one password). */
const versionRoomOf = (userId: string, tokenVersion: number) => `user:${userId}:tv:${tokenVersion}`;

function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  const [scheme, token] = (header ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The adapter publishes without awaiting: a publish refused while Redis is down would be an unhandled rejection
 * (which ends the process). Refused publishes are dropped; the adapter still delivers to this instance's sockets.
 */
function softPublisher(redis: Redis): Redis {
  return new Proxy(redis, {
    get(target, prop) {
      if (prop === 'publish') {
        return (channel: string, message: string | Buffer) => target.publish(channel, message).catch(() => 0);
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Whether a signed-in person may hold a socket (registered by the app: a member of their current business). */
export type SocketAdmission = (auth: AuthContext) => Promise<void>;
let admit: SocketAdmission = async () => undefined;
export function setSocketAdmission(fn: SocketAdmission): void {
  admit = fn;
}

/**
 * A breakroom TV's credential (the board link's token, sent as `auth.board`): the board's id and store, or null when
 * the link is unknown or switched off. Registered by the app, so this module never imports the boards module.
 */
export type BoardAdmission = (token: string) => Promise<{ boardId: string; storeId: string } | null>;
let admitBoard: BoardAdmission = async () => null;
export function setBoardAdmission(fn: BoardAdmission): void {
  admitBoard = fn;
}
/** The room of every board socket of one store (the only room a board socket joins, with its own below). */
export const boardRoomOf = (storeId: string) => `board-store:${storeId}`;
const boardIdRoomOf = (boardId: string) => `board:${boardId}`;

function handshakeBoard(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { board?: unknown } | undefined;
  return typeof auth?.board === 'string' ? auth.board : undefined;
}

type RegisterAck = (answer: { ok: boolean; message?: string }) => void;

/**
 * Attaches Socket.IO to the HTTP server. The handshake must carry a valid JWT (auth.token): the socket joins its
 * user's room at once. The spec's `register` event is answered, but only for the token's own user id: any other id
 * is refused and the socket is disconnected, so nobody can listen to another business's notifications.
 */
export function attachRealtime(server: HttpServer, origins: string[]): Server {
  const instance = new Server(server, { cors: { origin: origins, credentials: false }, serveClient: false });
  const redis = getRedis();
  if (redis) {
    // The subscriber waits for Redis (offline queue, no retry limit): subscriptions made while it is down, even at
    // start-up, are sent when it returns, and ioredis resubscribes after every reconnect. Its errors are the same
    // outage lib/redis.ts already logs once.
    const sub = redis.duplicate({
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    sub.on('error', () => undefined);
    instance.adapter(createAdapter(softPublisher(redis), sub));
  }
  instance.use((socket, next) => {
    const board = handshakeBoard(socket);
    if (board !== undefined) {
      // A TV: no person, no business-wide data; only its store's board nudges.
      admitBoard(board).then(
        (admitted) => {
          if (!admitted)
            return next(
              Object.assign(new Error('This board has been switched off'), { data: { code: 'NOT_FOUND' } }),
            );
          socket.data.board = admitted;
          next();
        },
        () => next(Object.assign(new Error('Please try again'), { data: { code: 'UNAVAILABLE' } })),
      );
      return;
    }
    authenticateToken(handshakeToken(socket))
      .then(async (ctx) => {
        // A member removed from their business cannot reconnect the socket their removal closed.
        await admit(ctx);
        return ctx;
      })
      .then(
        (ctx) => {
          socket.data.userId = ctx.userId;
          socket.data.tokenVersion = ctx.tokenVersion ?? 0;
          next();
        },
        (err: unknown) => {
          const message = err instanceof AppError ? err.message : 'Please log in to continue';
          next(
            Object.assign(new Error(message), {
              data: { code: err instanceof AppError ? err.code : 'UNAUTHORIZED' },
            }),
          );
        },
      );
  });
  instance.on('connection', (socket) => {
    const board = socket.data.board as { boardId: string; storeId: string } | undefined;
    if (board) {
      void socket.join([boardRoomOf(board.storeId), boardIdRoomOf(board.boardId)]);
      return;
    }
    const userId = socket.data.userId as string;
    void socket.join([roomOf(userId), versionRoomOf(userId, socket.data.tokenVersion as number)]);
    // A password change between this socket's handshake and its join would have missed it: check the token again.
    authenticateToken(handshakeToken(socket)).catch(() => socket.disconnect(true));
    socket.on(REALTIME_EVENTS.register, (claimed: unknown, ack?: RegisterAck) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (claimed !== userId) {
        logger.warn({ userId }, 'socket register for another user refused');
        reply({ ok: false, message: 'You can only register for your own notifications.' });
        socket.disconnect(true);
        return;
      }
      reply({ ok: true });
    });
  });
  io = instance;
  return instance;
}

let emitter: { redis: Redis; emitter: Emitter } | undefined;

/**
 * A process without Socket.IO (the jobs worker) reaches the API instances' sockets through Redis, in the adapter's
 * own message format (@socket.io/redis-emitter); undefined without REDIS_URL, where only an API process can push.
 */
export function redisEmitter(redis: Redis | null = getRedis()): Emitter | undefined {
  if (!redis) return undefined;
  if (emitter?.redis !== redis) emitter = { redis, emitter: new Emitter(softPublisher(redis)) };
  return emitter.emitter;
}

/**
 * Sends an event to every open session of the user, on any instance: through this process's Socket.IO server when it
 * has one, else through Redis (the worker); a no-op in a process with neither.
 */
export function publishToUser(userId: string, event: string, payload: unknown): void {
  if (io) io.to(roomOf(userId)).emit(event, payload);
  else redisEmitter()?.to(roomOf(userId)).emit(event, payload);
}

/**
 * Closes every open socket of the user, on any instance (a removed member or a changed role): the web app reconnects
 * and its next calls read the new membership. Through this process's server when it has one, else through Redis.
 */
export function disconnectUser(userId: string): void {
  if (io) io.in(roomOf(userId)).disconnectSockets(true);
  else redisEmitter()?.in(roomOf(userId)).disconnectSockets(true);
}

/**
 * After a password change: closes the user's sockets opened with older tokens, on any instance, and keeps those opened
 * with the new one (the tab that changed the password reconnects with its new token at once, maybe before this runs).
 */
export function disconnectOutdatedSessions(userId: string, currentTokenVersion: number): void {
  const keep = versionRoomOf(userId, currentTokenVersion);
  if (io) io.in(roomOf(userId)).except(keep).disconnectSockets(true);
  else redisEmitter()?.in(roomOf(userId)).except(keep).disconnectSockets(true);
}

/** Nudges every board socket of the store, on any instance (the board refetches its data). */
export function publishToBoard(storeId: string, event: string, payload: unknown): void {
  if (io) io.to(boardRoomOf(storeId)).emit(event, payload);
  else redisEmitter()?.to(boardRoomOf(storeId)).emit(event, payload);
}

/** Closes every socket of a switched-off board, on any instance. */
export function disconnectBoard(boardId: string): void {
  if (io) io.in(boardIdRoomOf(boardId)).disconnectSockets(true);
  else redisEmitter()?.in(boardIdRoomOf(boardId)).disconnectSockets(true);
}

export async function closeRealtime(): Promise<void> {
  const current = io;
  io = null;
  if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
}

/** Default origins for the socket's CORS: the same list as the HTTP API. */
export const realtimeOrigins = (): string[] => env.WEB_ORIGIN.split(',').map((o) => o.trim());
