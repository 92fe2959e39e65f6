// The only reader of import.meta.env: parses the VITE_* variables once and exports typed settings.
import { z } from 'zod';

const ZOriginSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), 'Must be empty or an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

const ZWebEnvSchema = z.object({
  VITE_API_BASE_URL: ZOriginSchema.default(''),
  VITE_SOCKET_URL: ZOriginSchema.optional(),
  MODE: z.string().default('development'),
  DEV: z.boolean().default(false),
});

function parseEnv(raw: Record<string, unknown>) {
  const result = ZWebEnvSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web environment:\n${problems.join('\n')}`);
  }
  const parsed = result.data;
  return {
    /** Prefix for every API call; '' means same origin, so requests go to /api/v1/... through the proxy. */
    apiBaseUrl: parsed.VITE_API_BASE_URL,
    /** Socket.IO origin; undefined lets socket.io-client connect to the page's own origin. */
    socketUrl: parsed.VITE_SOCKET_URL || parsed.VITE_API_BASE_URL || undefined,
    mode: parsed.MODE,
    isDev: parsed.DEV,
  };
}

export const env = parseEnv(import.meta.env as unknown as Record<string, unknown>);
export type TWebEnv = typeof env;
