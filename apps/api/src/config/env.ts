// The only reader of process.env: parses configuration once with zod and fails fast with a readable list.
import { isIP } from 'node:net';
import { z } from 'zod';

const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
const DEV_FEEDBACK_HASH_SECRET = 'dev-only-feedback-hash-secret-0123456789';

/** Express's `trust proxy`: how many proxies sit in front of the API, or the addresses (CIDR ranges) of those trusted. */
export type TrustProxy = number | string[];
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Unset or empty answers undefined (then 1 outside production, refused in production). */
const ZTrustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy | undefined => {
    const value = raw?.trim();
    if (!value) return undefined;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !validProxyAddress(e));
    if (bad.length) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `TRUST_PROXY must be a hop count (e.g. 1) or comma-separated proxy addresses/CIDR ranges; not understood: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  MONGODB_URI: z.string().optional(),
  MONGODB_DB: z.string().default('cx'),
  WEB_ORIGIN: z.string().default('http://localhost:5173'),
  PUBLIC_WEB_URL: z.string().url().default('http://localhost:5173'),
  PUBLIC_API_URL: z.string().url().default('http://localhost:4000'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEV_JWT_SECRET),
  JWT_EXPIRES_IN: z.string().default('7d'),
  /** Pepper for the salted device/network hashes of anonymous feedback; the salt itself rotates daily in MongoDB. */
  FEEDBACK_HASH_SECRET: z
    .string()
    .min(32, 'FEEDBACK_HASH_SECRET must be at least 32 characters')
    .default(DEV_FEEDBACK_HASH_SECRET),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().optional(),
  /** Proxies in front of the API: 1 for compose's nginx, 2 for a load balancer before nginx. Required in production. */
  TRUST_PROXY: ZTrustProxy,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CX Journey <no-reply@cx.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe price ids of the four plans (spec §9 figures); needed once STRIPE_SECRET_KEY is set. */
  STRIPE_PRICE_BASIC_MONTHLY: z.string().optional(),
  STRIPE_PRICE_THREE_MONTHS: z.string().optional(),
  STRIPE_PRICE_SIX_MONTHS: z.string().optional(),
  STRIPE_PRICE_TWELVE_MONTHS: z.string().optional(),
  /** Days a past-due business keeps the dashboard while Stripe retries the card. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /**
   * Where the scheduled jobs run: `inline` in this process (development, one instance), `off` for API instances
   * when a separate worker (`node dist/worker.js`) runs them.
   */
  JOBS: z.enum(['inline', 'off']).default('inline'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** 1: alert channels may post to http and any host (a local receiver in tests and development); never in production. */
  ALERT_CHANNELS_ALLOW_LOCAL: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** Requests per minute one API key may make (shared through Redis when configured); over it answers 429. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** How long one webhook delivery attempt may take (connect + answer) before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Webhook attempts in flight at once in one process (a quarter of them at most to one endpoint). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Whether webhooks may be delivered to loopback, private, link-local and metadata addresses: unset means on in
   * development only (a local receiver), off otherwise.
   */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  RATE_LIMIT_DISABLED: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** Limiters (by name, comma-separated) that stay on with RATE_LIMIT_DISABLED=1, e.g. `login-email` for a journey. */
  RATE_LIMIT_KEEP: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
});

export type Env = Omit<z.infer<typeof ZEnvSchema>, 'TRUST_PROXY' | 'WEBHOOKS_ALLOW_PRIVATE'> & {
  TRUST_PROXY: TrustProxy;
  WEBHOOKS_ALLOW_PRIVATE: boolean;
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = ZEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  // Outside production one hop, the dev server's proxy (a direct caller can then forge X-Forwarded-For: dev only).
  const allowPrivate = parsed.data.WEBHOOKS_ALLOW_PRIVATE;
  const env: Env = {
    ...parsed.data,
    TRUST_PROXY: parsed.data.TRUST_PROXY ?? 1,
    WEBHOOKS_ALLOW_PRIVATE: allowPrivate ? allowPrivate === '1' : parsed.data.NODE_ENV === 'development',
  };
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (env.JWT_SECRET === DEV_JWT_SECRET) problems.push('  - JWT_SECRET: set a real secret in production');
    if (env.FEEDBACK_HASH_SECRET === DEV_FEEDBACK_HASH_SECRET) {
      problems.push('  - FEEDBACK_HASH_SECRET: set a real secret in production');
    }
    if (!env.MONGODB_URI) problems.push('  - MONGODB_URI: production runs on a real MongoDB');
    if (parsed.data.TRUST_PROXY === undefined) {
      problems.push(
        '  - TRUST_PROXY: say how many proxies are in front of the API (1 for nginx alone as in docker compose, 2 for a load balancer in front of nginx) or list their addresses; see docs/operations.md',
      );
    }
    if (env.RATE_LIMIT_DISABLED)
      problems.push('  - RATE_LIMIT_DISABLED: rate limits cannot be disabled in production');
    if (env.ALERT_CHANNELS_ALLOW_LOCAL)
      problems.push(
        '  - ALERT_CHANNELS_ALLOW_LOCAL: alert channels post only to Slack and Teams in production',
      );
    if (env.SEED_DEMO === 'always')
      problems.push(
        '  - SEED_DEMO: the demo business (with printed passwords) is never seeded in production',
      );
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      problems.push('  - STRIPE_WEBHOOK_SECRET: Stripe events cannot be verified without it');
    if (problems.length) throw new Error(`Refusing to start in production:\n${problems.join('\n')}`);
  }
  return env;
}

export const env: Env = parseEnv(process.env);
