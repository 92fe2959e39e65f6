// GET /api/v1/health: process liveness, the MongoDB backend in use, Redis and whether rate limits are shared.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import mongoose from 'mongoose';
import { mongoBackend } from '../../lib/db';
import { rateLimitMode } from '../../lib/rate-limit';
import { redisState } from '../../lib/redis';
import { APP_VERSION } from '../../version';

const s = initServer();
const STATES: Record<number, 'disconnected' | 'connected' | 'connecting' | 'disconnecting'> = {
  0: 'disconnected',
  1: 'connected',
  2: 'connecting',
  3: 'disconnecting',
};

export const healthRouter = s.router(contract.health, {
  getHealth: async () => ({
    status: 200,
    body: {
      status: 'ok',
      mongo: {
        backend: mongoBackend() ?? 'uri',
        state: STATES[mongoose.connection.readyState] ?? 'disconnected',
      },
      redis: redisState(),
      rateLimits: rateLimitMode(),
      version: APP_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
    },
  }),
});
