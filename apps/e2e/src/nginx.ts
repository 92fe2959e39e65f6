// Runs the production nginx config (docker/nginx.conf) on this machine in front of the built web app and the test API.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { obtainNginx } from '../../../scripts/prereqs/nginx.mjs';
import { freePort, REPO_ROOT } from './servers';


export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * docker/nginx.conf as shipped, with only what differs from the container swapped: the port, the web root, the API
 * address and where the two header includes live. nginx is found or apt-installed like Chromium (scripts/prereqs);
 * without it the journey fails with the one-line instruction.
 */
export async function startNginx(apiUrl: string): Promise<Nginx> {
  const obtained = obtainNginx();
  if (!obtained.path) throw new Error(obtained.error);
  const binary = obtained.path;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cx-nginx-'));
  const web = join(REPO_ROOT, 'apps/web');
  const generated = join(web, 'dist-nginx/customer-security-headers.conf');
  if (!existsSync(generated)) throw new Error(`${generated} is missing: build the web app first`);
  const server = readFileSync(join(REPO_ROOT, 'docker/nginx.conf'), 'utf8')
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${join(web, 'dist')};`)
    .replaceAll('http://api:4000', apiUrl)
    .replaceAll('/etc/nginx/security-headers.conf', join(REPO_ROOT, 'docker/security-headers.conf'))
    .replaceAll('/etc/nginx/customer-security-headers.conf', generated);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 256; }\n` +
      `http {\n  include /etc/nginx/mime.types;\n  access_log off;\n  client_body_temp_path ${dir}/body;\n` +
      `  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${server}\n}\n`,
  );
  const proc: ChildProcess = spawn(binary, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`nginx exited: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    const up = await fetch(`${url}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('nginx did not answer within 15 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
