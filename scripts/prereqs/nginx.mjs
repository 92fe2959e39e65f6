// Finds or obtains the nginx the customer-routing journey runs docker/nginx.conf with: NGINX_PATH, one already here,
// else Debian's apt package (nginx-light, then nginx), the same way as Chromium.
import { binaryTool, runAsCli } from './obtain.mjs';

export const INSTRUCTION =
  'nginx not found: install it (Debian/Ubuntu: sudo apt-get install -y nginx-light) or set NGINX_PATH to an nginx binary, then run the tests again.';

const nginx = binaryTool({
  binary: 'nginx',
  envVar: 'NGINX_PATH',
  packages: ['nginx-light', 'nginx'],
  fixed: ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'],
  instruction: INSTRUCTION,
  installLine: "nginx not found: installing Debian's nginx package with apt-get (one time, a few seconds)…",
});
export const findNginx = nginx.find;
export const obtainNginx = nginx.obtain;

// CLI: prints the path (exit 0) or the instruction (exit 1).
runAsCli(import.meta.url, obtainNginx);
