// Test fixture for children.test.ts: a run that starts nginx, prints its pid, then dies of an uncaught error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from '../nginx';

async function main(): Promise<void> {
  const web = mkdtempSync(join(tmpdir(), 'cx-nginx-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>up</title>');
  const headers = join(web, 'customer-headers.conf');
  writeFileSync(headers, '');
  const nginx = await startNginx('http://127.0.0.1:9', { webRoot: web, customerHeaders: headers });
  console.log(`nginx pid ${nginx.pid}`);
  setTimeout(() => {
    throw new Error('the journey broke');
  }, 50);
}

void main();
