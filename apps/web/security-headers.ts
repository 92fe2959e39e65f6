// The web app's security headers, defined once: `vite preview` sends them and docker/security-headers.conf mirrors them.

export interface SecurityHeaderOptions {
  /** Extra origins the app talks to (a cross-origin API base URL or socket URL); same origin is always allowed. */
  apiOrigins?: string[];
  /** HSTS only where the site is served over HTTPS (production behind nginx/TLS); browsers ignore it over http. */
  hsts?: boolean;
}

/** http(s)://host → the matching ws(s)://host, so Socket.IO's websocket to a cross-origin API is allowed too. */
const withSocket = (origin: string) => [origin, origin.replace(/^http/, 'ws')];

export function contentSecurityPolicy(apiOrigins: string[] = []): string {
  const connect = ["'self'", ...apiOrigins.flatMap(withSocket)];
  return [
    "default-src 'self'",
    // No inline script at all: the built index.html loads one module file.
    "script-src 'self'",
    // Chakra (emotion) inserts <style> elements at runtime; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Same-origin /api/v1/files images, data: placeholders and blob: previews of an image being uploaded.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(opts: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts.apiOrigins),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(opts.hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
