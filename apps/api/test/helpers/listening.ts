// One listening server for a file's many supertest requests: supertest given the app opens and closes one per request.
import { createServer, type Server } from 'node:http';
import { createApp } from '../../src/app';

/** The app behind a server listening from the file's beforeAll to its afterAll (hand it to supertest's request()). */
export function listeningApp(): Server {
  const server = createServer(createApp());
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}
