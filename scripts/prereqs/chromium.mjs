// Finds or obtains the Chromium the browser journeys drive: CHROMIUM_PATH, a browser already here, else Debian's apt package.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isExecutable, obtainTool, onPath, runAsCli, thisMachine } from './obtain.mjs';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const FIXED = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

export const INSTRUCTION =
  'Chromium not found: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chrome/Chromium binary, then run the tests again.';

/** Browsers Playwright downloaded on this machine (~/.cache/ms-playwright/chromium-*), newest first. */
function playwrightManaged(env) {
  const root = env.PLAYWRIGHT_BROWSERS_PATH || join(env.HOME || homedir(), '.cache', 'ms-playwright');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => /^chromium-\d+$/.test(d))
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
    .flatMap((d) => ['chrome-linux64/chrome', 'chrome-linux/chrome'].map((f) => join(root, d, f)));
}

/** The first usable browser, in the documented order; `fixed` is overridable so tests can stub the machine. */
export function findChromium({ env = process.env, fixed = FIXED } = {}) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  for (const name of NAMES) {
    const found = onPath(name, env);
    if (found) return found;
  }
  return [...fixed, ...playwrightManaged(env)].find(isExecutable);
}

/**
 * Finds a browser, or installs Debian's `chromium` with apt when this machine allows it without a prompt.
 * Returns { path } or { error } (the one-line instruction); `log` receives the single line said before installing.
 */
export function obtainChromium({
  env = process.env,
  fixed = FIXED,
  log = console.log,
  machine = thisMachine(),
} = {}) {
  return obtainTool(
    {
      label: 'chromium',
      envVar: 'CHROMIUM_PATH',
      instruction: INSTRUCTION,
      // Ubuntu calls the package chromium-browser.
      packages: ['chromium', 'chromium-browser'],
      installLine:
        "Chromium not found: installing Debian's chromium package with apt-get (one time, about a minute)…",
      find: (e) => findChromium({ env: e, fixed }),
    },
    { env, log, machine },
  );
}

// CLI: prints the path (exit 0) or the instruction (exit 1). Used by .ci/run; the journeys call obtainChromium().
runAsCli(import.meta.url, obtainChromium);
