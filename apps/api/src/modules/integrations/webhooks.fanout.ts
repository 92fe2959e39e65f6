// The worker's fan-out loop: queued events become per-endpoint deliveries, paced behind customers' requests.
import { logger } from '../../lib/logger';
import { createIdler } from '../../lib/idler';
import type { Pacer } from './webhooks.pacing';
import { fanOutEvents, onEventsQueued } from './webhooks.queue';

/** Events moved per step while the database answers quickly; one per step while the pacer spaces steps. */
const BATCH = 20;

/** Starts the loop; `stop()` ends it after the step in progress. */
export function startFanOut(pacer: Pacer, pollMs: number): { stop(): Promise<void> } {
  let running = true;
  const idler = createIdler();
  const unsubscribe = onEventsQueued(() => idler.wake());
  const loop = (async () => {
    while (running) {
      let moved = 0;
      try {
        moved = await fanOutEvents(pacer.gapMs() > 0 ? 1 : BATCH);
      } catch (err) {
        logger.warn({ err: String(err) }, 'webhook fan-out failed');
      }
      if (moved === 0) await idler.idle(pollMs);
      else await pacer.turn();
    }
  })();
  return {
    async stop() {
      running = false;
      unsubscribe();
      idler.wake();
      await loop;
    },
  };
}
