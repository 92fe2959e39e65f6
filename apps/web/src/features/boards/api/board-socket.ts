// The TV's socket: admitted by the board token, it only hears "refresh" nudges and asks the board to refetch.
import { BOARD_EVENTS } from '@cx/contracts';
import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { env } from '@/config/env';

/** socket.io's reason when the server closed the socket on purpose (here: the board was switched off). */
const SERVER_DISCONNECT = 'io server disconnect';

/** Keeps a socket open for the board while mounted (socket.io reconnects by itself after network loss). */
export function useBoardSocket(token: string, onNudge: () => void): void {
  const latest = useRef(onNudge);
  useEffect(() => {
    latest.current = onNudge;
  });
  useEffect(() => {
    const socket = io(env.socketUrl, {
      auth: { board: token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10_000,
    });
    socket.on(BOARD_EVENTS.refresh, () => latest.current());
    // back after an outage: what happened meanwhile is fetched at once
    socket.on('connect', () => latest.current());
    socket.on('disconnect', (reason: string) => {
      // switched off (the refetch shows it) or a server restart: ask the server which
      if (reason === SERVER_DISCONNECT) latest.current();
    });
    // A handshake the server refused is not retried by socket.io: a switched-off board is final, anything else
    // (the API restarting) is tried again. Network errors socket.io retries by itself.
    let retry: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect_error', (err: Error) => {
      if (socket.active) return;
      if (/switched off/i.test(err.message)) latest.current();
      else retry = setTimeout(() => socket.connect(), 10_000);
    });
    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [token]);
}
