// The server processes a browser run starts (API, web preview, nginx): each is stopped when the run ends, however it
// ends (a failed journey, an uncaught error, Ctrl-C, SIGTERM), so none outlives the run that started it.
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
let hooked = false;

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  // 'exit' handlers run synchronously: a signal is all that can be sent. SIGTERM lets nginx stop its workers and the
  // API drain; SIGKILL would leave nginx's workers serving with no master.
  process.once('exit', () => {
    for (const proc of running) proc.kill('SIGTERM');
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.once(signal, () => process.exit(code));
  }
}

/** Registers a started process so that it is stopped when this one exits. */
export function track<T extends ChildProcess>(proc: T): T {
  hookExit();
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  return proc;
}

/** Stops a process with `signal`, then SIGKILL after `graceMs`; resolves once it has exited. */
export function stopProcess(
  proc: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 5000,
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const force = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    force.unref();
    proc.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    proc.kill(signal);
  });
}

/** How many tracked processes are still running (the tests' view of "nothing left behind"). */
export const runningCount = (): number => running.size;
