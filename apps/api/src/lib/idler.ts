// A sleep a wake-up ends early: the loops that poll on a timer and start at once when told there is work.
export interface Idler {
  /** Waits `ms`, or less if woken. */
  idle(ms: number): Promise<void>;
  wake(): void;
}

/** A sleep that a wake-up ends early (one sleeper at a time: each loop has its own). */
export function createIdler(): Idler {
  let wake: (() => void) | null = null;
  return {
    idle: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => done(), ms);
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        wake = done;
      }),
    wake: () => wake?.(),
  };
}
