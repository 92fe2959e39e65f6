// Finds or obtains the Chromium the browser journeys drive: CHROMIUM_PATH, a browser already here, else Debian's apt package.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const FIXED = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

export const INSTRUCTION =
  'Chromium not found: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chrome/Chromium binary, then run the tests again.';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(name, env) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

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

/** How apt can be run here without a prompt: as root directly, else through passwordless sudo; null when it cannot. */
function aptRunner(env, machine) {
  if (!machine.debian || !onPath('apt-get', env)) return null;
  if (machine.root) return [];
  if (onPath('sudo', env) && spawnSync('sudo', ['-n', 'true'], { env, stdio: 'ignore' }).status === 0) {
    return ['sudo', '-n', '-E'];
  }
  return null;
}

/**
 * Finds a browser, or installs Debian's `chromium` with apt when this machine allows it without a prompt.
 * Returns { path } or { error } (the one-line instruction); `log` receives the single line said before installing.
 */
export function obtainChromium({
  env = process.env,
  fixed = FIXED,
  log = console.log,
  machine = { debian: existsSync('/etc/debian_version'), root: process.getuid?.() === 0 },
} = {}) {
  if (env.CHROMIUM_PATH && !isExecutable(env.CHROMIUM_PATH)) {
    return { error: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file. ${INSTRUCTION}` };
  }
  const found = findChromium({ env, fixed });
  if (found) return { path: found };
  const prefix = aptRunner(env, machine);
  if (!prefix) return { error: INSTRUCTION };
  log("Chromium not found: installing Debian's chromium package with apt-get (one time, about a minute)…");
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
    execFileSync(cmd, rest, { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  };
  for (const pkg of ['chromium', 'chromium-browser']) {
    try {
      run(['update', '-qq']);
      run(['install', '-y', '-qq', '--no-install-recommends', pkg]);
      const installed = findChromium({ env, fixed });
      if (installed) return { path: installed };
    } catch {
      // try the next package name (Ubuntu calls it chromium-browser)
    }
  }
  return { error: `apt-get could not install chromium. ${INSTRUCTION}` };
}

// CLI: prints the path (exit 0) or the instruction (exit 1). Used by .ci/run; the journeys call obtainChromium().
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = obtainChromium();
  if (result.path) console.log(result.path);
  else console.error(result.error);
  process.exit(result.path ? 0 : 1);
}
