// GET /health: liveness plus which MongoDB backend the API is talking to.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';

const c = initContract();

export const ZHealthSchema = z.object({
  status: z.literal('ok'),
  mongo: z.object({
    backend: z.enum(['uri', 'memory-server', 'offline-engine']),
    state: z.enum(['connected', 'disconnected', 'connecting', 'disconnecting']),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;

export const healthContract = c.router({
  getHealth: {
    method: 'GET',
    path: '/health',
    responses: { 200: ZHealthSchema },
    summary: 'Liveness and MongoDB backend in use',
    metadata: { public: true } as const,
  },
});
