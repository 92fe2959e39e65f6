// One webhook attempt over HTTP(S): resolve, refuse non-public addresses (SSRF), connect to the checked address only.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { env } from '../../config/env';

/** Resolves a host name to every address it has (injectable: tests point names at private addresses). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface WebhookPolicy {
  /** Loopback, private, link-local, metadata and other non-public addresses allowed (local development). */
  allowPrivate: boolean;
  /** Plain http refused (production). */
  requireHttps: boolean;
}

/** Read at call time, so a test can switch to production rules by changing env. */
export const currentPolicy = (): WebhookPolicy => ({
  allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
  requireHttps: env.NODE_ENV === 'production',
});

export class WebhookTargetRefused extends Error {}

/** Only ordinary public unicast addresses pass (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** The create-time check (no DNS: names are judged at each delivery): scheme, and a literal address's range. */
export function checkWebhookUrl(raw: string, policy = currentPolicy()): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL must be a full address such as https://example.com/hooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'URL must start with https://';
  if (policy.requireHttps && url.protocol !== 'https:') return 'URL must start with https://';
  if (url.username || url.password) return 'URL must not contain a user name or password';
  if (policy.allowPrivate) return null;
  const host = bareHost(url.hostname).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'URL must be a public address';
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return 'URL must be a public address';
  return null;
}

/** The address to connect to: every resolved address must be allowed (a name mixing in a private one is refused). */
export async function resolveTarget(
  url: URL,
  policy: WebhookPolicy,
  resolve: Resolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(url.hostname);
  const literal = ipaddr.isValid(host);
  const found = literal ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await resolve(host);
  if (found.length === 0) throw new WebhookTargetRefused(`${host} has no address`);
  if (!policy.allowPrivate) {
    const refused = found.find((a) => !isPublicAddress(a.address));
    if (refused)
      throw new WebhookTargetRefused(`${host} resolves to a non-public address (${refused.address})`);
  }
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * Kept-alive connections, shared by every endpoint: a busy endpoint is not dialled (and TLS-handshaken) again for each
 * delivery. The pinned lookup below runs for each new socket only, so a reused socket stays on an address that passed
 * the check when it connected. Idle sockets close after a while and never hold the process open.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxFreeSockets: 64, timeout: 30_000 }),
  'https:': new https.Agent({ keepAlive: true, maxFreeSockets: 64, timeout: 30_000 }),
};

export interface AttemptResult {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  policy?: WebhookPolicy;
  resolve?: Resolver;
}

/**
 * POSTs the body once. The socket connects to the address that passed the check (the lookup hook answers it for the
 * name, so a second DNS answer cannot rebind); a redirect is never followed and counts as a failed attempt.
 */
export async function sendOnce(opts: SendOptions): Promise<AttemptResult> {
  const started = Date.now();
  const done = (r: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
    ...r,
    durationMs: Date.now() - started,
  });
  const policy = opts.policy ?? currentPolicy();
  const url = new URL(opts.url);
  const urlProblem = checkWebhookUrl(opts.url, policy);
  if (urlProblem) return done({ ok: false, responseCode: null, error: urlProblem });
  let target: { address: string; family: 4 | 6 };
  try {
    target = await resolveTarget(url, policy, opts.resolve ?? systemResolver);
  } catch (err) {
    return done({ ok: false, responseCode: null, error: (err as Error).message });
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = opts.timeoutMs ?? env.WEBHOOK_TIMEOUT_MS;
  return new Promise<AttemptResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...opts.headers, 'content-length': Buffer.byteLength(opts.body) },
        lookup: pinned,
        timeout: timeoutMs,
        agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          if (code >= 200 && code < 300) resolve(done({ ok: true, responseCode: code, error: null }));
          else if (code >= 300 && code < 400)
            resolve(done({ ok: false, responseCode: code, error: 'Redirects are not followed' }));
          else resolve(done({ ok: false, responseCode: code, error: `HTTP ${code}` }));
        });
        res.on('error', (err) => resolve(done({ ok: false, responseCode: null, error: err.message })));
        // Settles first on 'end'; a connection cut mid-answer (or a timeout) lands here.
        res.on('close', () =>
          resolve(done({ ok: false, responseCode: res.statusCode ?? null, error: 'The answer was cut off' })),
        );
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    req.on('error', (err) => resolve(done({ ok: false, responseCode: null, error: err.message })));
    req.on('close', () => clearTimeout(timer));
    req.end(opts.body);
  });
}
