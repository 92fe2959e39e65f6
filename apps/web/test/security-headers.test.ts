// The web app's security headers: one definition, sent by `vite preview` and mirrored exactly in nginx.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOMER_PATHS, customerHeaders, inlineHashes } from '../customer-entry';
import { contentSecurityPolicy, securityHeaders } from '../security-headers';

const docker = join(__dirname, '..', '..', '..', 'docker');

describe('web security headers', () => {
  it('forbid inline script and limit connections to the app origin (and a configured API)', () => {
    const csp = contentSecurityPolicy(['https://api.example.com']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' https://api.example.com wss://api.example.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('are the same in docker/security-headers.conf as in the app, HSTS included for production', () => {
    const conf = readFileSync(join(docker, 'security-headers.conf'), 'utf8');
    const fromNginx = Object.fromEntries(
      [...conf.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map(([, k, v]) => [k, v]),
    );
    expect(fromNginx).toEqual(securityHeaders({ hsts: true }));
  });

  it('are included in every nginx location that sets its own headers', () => {
    const nginx = readFileSync(join(docker, 'nginx.conf'), 'utf8');
    const blocks = nginx.split(/\n\s*location /).slice(1);
    for (const block of blocks.filter((b) => b.includes('add_header'))) {
      expect(block).toMatch(/include \/etc\/nginx\/(customer-)?security-headers\.conf;/);
    }
  });
});

describe('the lean QR entry in nginx', () => {
  const nginx = readFileSync(join(docker, 'nginx.conf'), 'utf8');

  it('serves customer.html for exactly the eight customer paths, with the generated hash-based headers', () => {
    const location = /location ~ \^\/\(([^)]+)\)\/\?\$ \{([^}]*)\}/.exec(nginx);
    expect(location).not.toBeNull();
    const served = location![1]!.split('|').map((p) => `/${p.replace(/\\\./g, '.')}`);
    expect(served.sort()).toEqual([...CUSTOMER_PATHS, '/customer.html'].sort());
    expect(location![2]).toContain('include /etc/nginx/customer-security-headers.conf;');
    expect(location![2]).toContain('try_files /customer.html =404;');
    const dockerfile = readFileSync(join(docker, 'web.Dockerfile'), 'utf8');
    expect(dockerfile).toContain(
      'dist-nginx/customer-security-headers.conf /etc/nginx/customer-security-headers.conf',
    );
  });

  it('allows the inline starter and critical CSS by sha256, never by unsafe-inline', () => {
    const html = '<script>a()</script><style>b{}</style><script type="module" src="/x.js"></script>';
    const csp = customerHeaders(html)['Content-Security-Policy']!;
    const hash = (t: string) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash('a()')};`);
    expect(csp).toContain(`style-src 'self' ${hash('b{}')};`);
    expect(csp).not.toContain('unsafe-inline');
    expect(inlineHashes(html).scripts).toHaveLength(1);
  });
});
