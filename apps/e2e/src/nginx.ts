// Runs the production nginx config (docker/nginx.conf) on this machine in front of the built web app and the test API.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNginx, INSTRUCTION } from '../../../scripts/prereqs/nginx.mjs';
import { stopProcess, track } from './children';
import { freePort, REPO_ROOT } from './servers';

export interface Nginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The built web app nginx serves (apps/web/dist). */
  webRoot?: string;
  /** The CSP include the web build generates for the customer paths. */
  customerHeaders?: string;
  /** How long nginx itself may take to start answering (the apt install, if any, happened before the run). */
  startMs?: number;
}

/**
 * Started as root, nginx runs its worker as `nobody`, which cannot read a web root under a private directory (a clone
 * in /root, a 0700 temp dir): every page is a 403/500. The worker runs as whoever runs the tests instead, as it does
 * when they are not root (nginx ignores `user` then).
 */
const workerUser = () => (process.getuid?.() === 0 ? 'user root root;\n' : '');

function writeConfig(
  dir: string,
  port: number,
  apiUrl: string,
  webRoot: string,
  customerHeaders: string,
): string {
  const server = readFileSync(join(REPO_ROOT, 'docker/nginx.conf'), 'utf8')
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${webRoot};`)
    .replaceAll('http://api:4000', apiUrl)
    .replaceAll('/etc/nginx/security-headers.conf', join(REPO_ROOT, 'docker/security-headers.conf'))
    .replaceAll('/etc/nginx/customer-security-headers.conf', customerHeaders);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${workerUser()}worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 256; }\n` +
      `http {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${dir}/body;\n` +
      `  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${server}\n}\n`,
  );
  return conf;
}

/**
 * docker/nginx.conf as shipped, with only what differs from the container swapped: the port, the web root, the API
 * address and where the two header includes live. nginx must already be here: the journey runner obtains it (found or
 * apt-installed, scripts/prereqs) before the stack starts. If nginx does not come up, it is stopped before this throws.
 */
export async function startNginx(apiUrl: string, opts: NginxOptions = {}): Promise<Nginx> {
  const binary = findNginx();
  if (!binary) throw new Error(INSTRUCTION);
  const web = join(REPO_ROOT, 'apps/web');
  const webRoot = opts.webRoot ?? join(web, 'dist');
  const customerHeaders = opts.customerHeaders ?? join(web, 'dist-nginx/customer-security-headers.conf');
  if (!existsSync(customerHeaders)) throw new Error(`${customerHeaders} is missing: build the web app first`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cx-nginx-'));
  const conf = writeConfig(dir, port, apiUrl, webRoot, customerHeaders);
  const proc = track(
    spawn(binary, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] }),
  );
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = async () => {
    // SIGQUIT: a graceful stop, the master waits for its worker; SIGKILL after 5 s if it does not.
    await stopProcess(proc, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForNginx(
      url,
      () => ({
        exitCode: proc.exitCode,
        log: `${stderr}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`,
      }),
      opts.startMs ?? 15_000,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: proc.pid ?? 0, stop };
}

/**
 * Ready means nginx answered `/` at all; only a refused connection (not listening yet) is worth another try. Any answer
 * but 200 is a configuration fault, reported at once with nginx's own log instead of waiting out the time limit.
 */
async function waitForNginx(
  url: string,
  state: () => { exitCode: number | null; log: string },
  startMs: number,
): Promise<void> {
  const deadline = Date.now() + startMs;
  let last = 'no attempt yet';
  for (;;) {
    const { exitCode, log } = state();
    if (exitCode !== null) throw new Error(`nginx exited with code ${exitCode}:\n${log}`);
    const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) }).catch((err: unknown) => {
      const cause = (err as { cause?: { code?: string } }).cause;
      last = cause?.code ?? (err instanceof Error ? err.message : String(err));
      return undefined;
    });
    if (res) {
      await res.arrayBuffer();
      if (res.ok) return;
      throw new Error(`nginx answered ${url}/ with ${res.status}:\n${state().log}`);
    }
    if (Date.now() > deadline)
      throw new Error(`nginx did not answer ${url}/ within ${startMs} ms (last: ${last}):\n${state().log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
