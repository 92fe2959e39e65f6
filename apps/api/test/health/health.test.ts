import request from 'supertest';
import { ZHealthSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

describe('GET /api/v1/health', () => {
  it('answers 200 with the MongoDB connection state and version', async () => {
    const res = await request(app).get('/api/v1/health').expect(200);
    const body = ZHealthSchema.parse(res.body);
    expect(body.status).toBe('ok');
    expect(body.mongo.state).toBe('connected');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says Redis is not configured and rate limits are per instance when REDIS_URL is unset', async () => {
    const body = ZHealthSchema.parse((await request(app).get('/api/v1/health').expect(200)).body);
    expect(body).toMatchObject({ redis: 'not configured', rateLimits: 'per-instance' });
  });

  it('is public: no token needed', async () => {
    await request(app).get('/api/v1/health').expect(200);
  });

  it('carries a request id header for log correlation', async () => {
    const res = await request(app).get('/api/v1/health').set('x-request-id', 'trace-123');
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});

describe('unknown routes', () => {
  it('answer a JSON 404 in the shared error shape', async () => {
    const res = await request(app).get('/api/v1/nope').expect(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});
