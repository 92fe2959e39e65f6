// Finds or obtains the nginx the customer-routing journey runs docker/nginx.conf with: NGINX_PATH, one already here,
// else Debian's apt package (nginx-light, then nginx), the same way as Chromium.
import { isExecutable, obtainTool, onPath, runAsCli, thisMachine } from './obtain.mjs';

const FIXED = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export const INSTRUCTION =
  'nginx not found: install it (Debian/Ubuntu: sudo apt-get install -y nginx-light) or set NGINX_PATH to an nginx binary, then run the tests again.';

export function findNginx({ env = process.env, fixed = FIXED } = {}) {
  if (env.NGINX_PATH) return isExecutable(env.NGINX_PATH) ? env.NGINX_PATH : undefined;
  return onPath('nginx', env) ?? fixed.find(isExecutable);
}

export function obtainNginx({
  env = process.env,
  fixed = FIXED,
  log = console.log,
  machine = thisMachine(),
} = {}) {
  return obtainTool(
    {
      label: 'nginx',
      envVar: 'NGINX_PATH',
      instruction: INSTRUCTION,
      packages: ['nginx-light', 'nginx'],
      installLine:
        "nginx not found: installing Debian's nginx package with apt-get (one time, a few seconds)…",
      find: (e) => findNginx({ env: e, fixed }),
    },
    { env, log, machine },
  );
}

// CLI: prints the path (exit 0) or the instruction (exit 1).
runAsCli(import.meta.url, obtainNginx);
