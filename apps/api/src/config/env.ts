// The only reader of process.env: parses configuration once with zod and fails fast with a readable list.
import { z } from 'zod';

const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
const DEV_FEEDBACK_HASH_SECRET = 'dev-only-feedback-hash-secret-0123456789';

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
  RATE_LIMIT_DISABLED: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
});

export type Env = z.infer<typeof ZEnvSchema>;

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = ZEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (env.JWT_SECRET === DEV_JWT_SECRET) problems.push('  - JWT_SECRET: set a real secret in production');
    if (env.FEEDBACK_HASH_SECRET === DEV_FEEDBACK_HASH_SECRET) {
      problems.push('  - FEEDBACK_HASH_SECRET: set a real secret in production');
    }
    if (!env.MONGODB_URI) problems.push('  - MONGODB_URI: production runs on a real MongoDB');
    if (env.RATE_LIMIT_DISABLED)
      problems.push('  - RATE_LIMIT_DISABLED: rate limits cannot be disabled in production');
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      problems.push('  - STRIPE_WEBHOOK_SECRET: Stripe events cannot be verified without it');
    if (problems.length) throw new Error(`Refusing to start in production:\n${problems.join('\n')}`);
  }
  return env;
}

export const env: Env = parseEnv(process.env);
