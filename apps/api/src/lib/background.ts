// Work that outlives the request that started it (derived work, mails): tracked, so a graceful shutdown can wait for it.
import type { Server } from 'node:http';
import { logger } from './logger';

const inFlight = new Set<Promise<unknown>>();

/** Runs the promise to its end without the caller waiting; errors are logged under `what`, never thrown. */
export function track(promise: Promise<unknown>, what: string): void {
  const tracked = promise
    .catch((err: unknown) =>
      logger.error({ err: err instanceof Error ? err.message : String(err), what }, 'background work failed'),
    )
    .finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/** How many tracked promises are still running. */
export const backgroundInFlight = (): number => inFlight.size;

/**
 * Waits until nothing tracked is running (work started while waiting is waited for too), or the deadline passes.
 * Returns how many were still running at the deadline (0 when everything finished).
 */
export async function drainBackground(timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (inFlight.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, left))),
    ]);
    clearTimeout(timer);
  }
  return inFlight.size;
}

/** Tracks a promise and hands it back (a scheduled job that a shutdown must let finish). */
export function tracked<T>(promise: Promise<T>, what: string): Promise<T> {
  track(promise, what);
  return promise;
}

/**
 * Counts the server's requests in progress; the returned function waits (up to the deadline) until none is left.
 * A shutdown stops accepting connections first, then waits here before it finishes the derived work they started.
 */
export function countRequests(server: Server): (timeoutMs: number) => Promise<void> {
  let active = 0;
  server.on('request', (_req, res) => {
    active += 1;
    res.once('close', () => (active -= 1));
  });
  return async (timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };
}
