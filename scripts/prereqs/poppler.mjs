// Finds or obtains pdftoppm (poppler-utils), which renders a scheduled report's PDF to a PNG in the tests:
// PDFTOPPM_PATH, one already here, else Debian's apt package, the same way as nginx and Chromium.
import { isExecutable, obtainTool, onPath, runAsCli, thisMachine } from './obtain.mjs';

const FIXED = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'];

export const INSTRUCTION =
  'pdftoppm not found: install it (Debian/Ubuntu: sudo apt-get install -y poppler-utils) or set PDFTOPPM_PATH to a pdftoppm binary, then run the tests again.';

export function findPdftoppm({ env = process.env, fixed = FIXED } = {}) {
  if (env.PDFTOPPM_PATH) return isExecutable(env.PDFTOPPM_PATH) ? env.PDFTOPPM_PATH : undefined;
  return onPath('pdftoppm', env) ?? fixed.find(isExecutable);
}

export function obtainPoppler({
  env = process.env,
  fixed = FIXED,
  log = console.log,
  machine = thisMachine(),
} = {}) {
  return obtainTool(
    {
      label: 'pdftoppm',
      envVar: 'PDFTOPPM_PATH',
      instruction: INSTRUCTION,
      packages: ['poppler-utils'],
      installLine:
        "pdftoppm not found: installing Debian's poppler-utils package with apt-get (one time, a few seconds)…",
      find: (e) => findPdftoppm({ env: e, fixed }),
    },
    { env, log, machine },
  );
}

// CLI: prints the path (exit 0) or the instruction (exit 1).
runAsCli(import.meta.url, obtainPoppler);
