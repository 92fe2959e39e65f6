// Finds or obtains pdftoppm (poppler-utils), which renders a scheduled report's PDF to a PNG in the tests:
// PDFTOPPM_PATH, one already here, else Debian's apt package, the same way as nginx and Chromium.
import { binaryTool, runAsCli } from './obtain.mjs';

export const INSTRUCTION =
  'pdftoppm not found: install it (Debian/Ubuntu: sudo apt-get install -y poppler-utils) or set PDFTOPPM_PATH to a pdftoppm binary, then run the tests again.';

const poppler = binaryTool({
  binary: 'pdftoppm',
  envVar: 'PDFTOPPM_PATH',
  packages: ['poppler-utils'],
  fixed: ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'],
  instruction: INSTRUCTION,
  installLine:
    "pdftoppm not found: installing Debian's poppler-utils package with apt-get (one time, a few seconds)…",
});
export const findPdftoppm = poppler.find;
export const obtainPoppler = poppler.obtain;

// CLI: prints the path (exit 0) or the instruction (exit 1).
runAsCli(import.meta.url, obtainPoppler);
