// A CSV export whose database read fails part-way ends that download only (cut, logged); the API keeps serving.
import { get, type IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../../src/app';
import { logger } from '../../src/lib/logger';
import * as timeline from '../../src/modules/analytics/timeline.service';
import { makeRating, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

/** GET over a real connection: the status, the body received, and whether the response arrived whole. */
function download(port: number, path: string, auth: Record<string, string>) {
  return new Promise<{ status: number; body: string; complete: boolean }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: auth }, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', () => undefined); // "aborted": what this test is looking for, read from `complete` below
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
    }).on('error', reject);
  });
}

describe('GET /api/v1/analytics/export/timeline', () => {
  it('cuts the download when MongoDB fails part-way, logs it, and answers the next request', async () => {
    const business = await makeUser();
    const store = await makeStore(business.id, { name: 'High St' });
    await makeRating(store, { comment: 'Lovely coffee', score: 5 });
    const realBatches = timeline.timelineBatches;
    const batches = jest.spyOn(timeline, 'timelineBatches').mockImplementation(async function* (...args) {
      for await (const batch of realBatches(...args)) {
        yield batch;
        break;
      }
      throw Object.assign(new Error('connection 3 to 127.0.0.1:27017 closed'), { name: 'MongoNetworkError' });
    });
    const loggedError = jest.spyOn(logger, 'error');
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const path = '/api/v1/analytics/export/timeline?period=last7';
      const cut = await download(port, path, business.auth);
      expect(cut.status).toBe(200);
      expect(cut.body).toContain('Lovely coffee'); // the first page was sent…
      expect(cut.complete).toBe(false); // …and the download was cut, not finished as a short file
      expect(loggedError.mock.calls.map((call: unknown[]) => call[1])).toEqual([
        'export failed part-way; the download was cut',
      ]);

      // The same API answers the next requests, the export included once the database is back.
      batches.mockRestore();
      await request(app).get('/api/v1/health').expect(200);
      const again = await download(port, path, business.auth);
      expect(again).toMatchObject({ status: 200, complete: true });
      expect(again.body).toContain('Lovely coffee');
    } finally {
      loggedError.mockRestore();
      batches.mockRestore();
      server.close();
    }
  });
});
