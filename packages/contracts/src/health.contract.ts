// GET /health: liveness, the MongoDB backend the API is talking to, and whether Redis (shared limits) is in use.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';

const c = initContract();

export const ZHealthSchema = z.object({
  status: z.literal('ok'),
  mongo: z.object({
    backend: z.enum(['uri', 'memory-server', 'offline-engine']),
    state: z.enum(['connected', 'disconnected', 'connecting', 'disconnecting']),
  }),
  /** The optional Redis (REDIS_URL): 'unavailable' while it is down or still connecting. */
  redis: z.enum(['connected', 'unavailable', 'not configured']),
  /** 'per-instance' while Redis is unavailable or not configured: each API instance counts on its own. */
  rateLimits: z.enum(['shared', 'per-instance']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;

export const healthContract = c.router({
  getHealth: {
    method: 'GET',
    path: '/health',
    responses: { 200: ZHealthSchema },
    summary: 'Liveness, MongoDB backend in use, Redis and rate-limit sharing state',
    metadata: { public: true } as const,
  },
});
