// Bad request bodies and queries (encodings, charsets, aborted bodies, broken uploads, absurd pages) each get their 4xx,
// the API answers the next request, and nothing is logged as an unhandled error.
import express from 'express';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../../src/app';
import { logger } from '../../src/lib/logger';
import { makePng, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();
let loggedError: jest.SpyInstance;

beforeEach(() => {
  loggedError = jest.spyOn(logger, 'error');
});

afterEach(async () => {
  // The API is still up and answering, and it never logged the request as its own failure.
  await request(app).get('/api/v1/health').expect(200);
  const messages = loggedError.mock.calls.map((call: unknown[]) => call[1]);
  expect(messages).not.toContain('unhandled error');
  loggedError.mockRestore();
});

const LOGIN = '/api/v1/user/login';
const PROFILE = '/api/v1/user/update-profile';

describe(`POST ${LOGIN} (JSON bodies the API cannot read)`, () => {
  const credentials = JSON.stringify({ email: 'a@example.com', password: 'Passw0rd!' });

  it('answers 415 for a brotli-compressed body', async () => {
    const res = await request(app)
      .post(LOGIN)
      .set('content-type', 'application/json')
      .set('content-encoding', 'br')
      .send(credentials)
      .expect(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_ENCODING' });
    expect(res.body.message).toMatch(/uncompressed, gzip or deflate/);
  });

  it('answers 415 for a JSON body in a charset other than UTF-8', async () => {
    const res = await request(app)
      .post(LOGIN)
      .set('content-type', 'application/json; charset=iso-8859-1')
      .send(credentials)
      .expect(415);
    expect(res.body).toEqual({
      message: 'The request body must be UTF-8 encoded',
      code: 'UNSUPPORTED_CHARSET',
    });
  });

  it('answers 400 for a gzip body that does not inflate', async () => {
    const res = await request(app)
      .post(LOGIN)
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('this was never gzip')
      .expect(400);
    expect(res.body).toMatchObject({ code: 'MALFORMED_BODY', message: 'The request body could not be read' });
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    await request(app).post(LOGIN).set('content-type', 'application/json').send('{"email":').expect(400, {
      message: 'The request body is not valid JSON',
      code: 'MALFORMED_JSON',
    });
    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200_000) });
    const res = await request(app).post(LOGIN).set('content-type', 'application/json').send(huge).expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

/** The API on a real port, for clients that stop half-way; records each JSON answer it writes and its status. */
async function listening() {
  const json = jest.spyOn(express.response, 'json');
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    answers: (): Array<[number, unknown]> =>
      json.mock.contexts.map((res, i) => [(res as express.Response).statusCode, json.mock.calls[i]?.[0]]),
    close: () => {
      json.mockRestore();
      server.close();
    },
  };
}

/** Sends a request's head and the first part of its body, then drops the connection. */
function sendPartOf(port: number, head: string, partialBody: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head + partialBody, () => setTimeout(() => socket.destroy(), 50));
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

async function eventually<T>(read: () => T | undefined, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting for the API to answer');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('bodies cut off by the client', () => {
  it(`answers 400 to a JSON body that stops half-way (POST ${LOGIN})`, async () => {
    const { port, answers, close } = await listening();
    try {
      const head = `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`;
      await sendPartOf(port, head, '{"email":"a@example.com","pass');
      const [status, body] = await eventually(() => answers()[0]);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'REQUEST_ABORTED' });
    } finally {
      close();
    }
  });

  it(`answers 400 to an upload that stops half-way (PUT ${PROFILE})`, async () => {
    const made = await makeUser();
    const { port, answers, close } = await listening();
    try {
      const part =
        '--XyZ\r\nContent-Disposition: form-data; name="profilePicture"; filename="me.png"\r\n' +
        'Content-Type: image/png\r\n\r\n' +
        'x'.repeat(2000);
      const head =
        `PUT ${PROFILE} HTTP/1.1\r\nHost: x\r\nAuthorization: ${made.auth.Authorization}\r\n` +
        'Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 100000\r\n\r\n';
      await sendPartOf(port, head, part);
      const [status, body] = await eventually(() => answers()[0]);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'REQUEST_ABORTED' });
    } finally {
      close();
    }
  });
});

describe(`PUT ${PROFILE} (broken uploads)`, () => {
  let made: MadeUser;
  beforeEach(async () => {
    made = await makeUser();
  });
  const put = () => request(app).put(PROFILE).set(made.auth);

  it('answers 400 naming the field when the file comes in a field the form does not take', async () => {
    const res = await put().attach('avatar', makePng(), 'me.png').expect(400);
    expect(res.body).toEqual({
      message: 'This form does not take a file named "avatar"',
      code: 'UNEXPECTED_FILE',
    });
  });

  it('answers 400 to two files at once, and keeps the profile as it was', async () => {
    const res = await put()
      .attach('profilePicture', makePng(), 'a.png')
      .attach('profilePicture', makePng(), 'b.png')
      .expect(400);
    expect(res.body).toEqual({ message: 'Please send one file at a time', code: 'TOO_MANY_FILES' });
    const profile = await request(app).get('/api/v1/user/get-profile').set(made.auth).expect(200);
    expect(profile.body.user.profilePicture).toBeFalsy();
  });

  it('answers 400 to a multipart body without a boundary', async () => {
    const res = await put().set('content-type', 'multipart/form-data').send('--x\r\n\r\n--x--').expect(400);
    expect(res.body).toMatchObject({ code: 'MALFORMED_UPLOAD' });
  });

  it('answers 400 to a form that ends inside the file (Content-Length matching what was sent)', async () => {
    const cut =
      '--XyZ\r\nContent-Disposition: form-data; name="profilePicture"; filename="me.png"\r\n' +
      `Content-Type: image/png\r\n\r\n${makePng().toString('latin1')}`;
    const res = await put()
      .set('content-type', 'multipart/form-data; boundary=XyZ')
      .send(Buffer.from(cut, 'latin1'))
      .expect(400);
    expect(res.body).toMatchObject({ code: 'REQUEST_ABORTED' });
  });

  it('answers 415 to a multipart type other than form-data', async () => {
    const res = await put().set('content-type', 'multipart/mixed; boundary=XyZ').send('--XyZ--').expect(415);
    expect(res.body).toEqual({
      message: 'Send the upload as multipart/form-data',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers 413 with the limit to a file over it', async () => {
    const res = await put()
      .attach('profilePicture', Buffer.alloc(2 * 1024 * 1024 + 1), 'big.png')
      .expect(413);
    expect(res.body).toEqual({ message: 'Files must be at most 2 MB', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('numeric queries', () => {
  it('answers 400 per field to an absurd page and a limit that is not a number (GET /api/v1/notifications)', async () => {
    const { auth } = await makeUser();
    const res = await request(app).get('/api/v1/notifications?page=1e20&limit=abc').set(auth).expect(400);
    expect(res.body.fieldErrors).toEqual({
      page: ['Page can be at most 10000'],
      limit: ['Limit must be a number'],
    });
    await request(app).get('/api/v1/notifications?page=10000').set(auth).expect(200);
  });

  it('answers 400 to a fractional page and a page size of zero (GET /api/v1/ratings/flagged)', async () => {
    const { auth } = await makeUser();
    const res = await request(app).get('/api/v1/ratings/flagged?page=2.5&pageSize=0').set(auth).expect(400);
    expect(res.body.fieldErrors).toEqual({
      page: ['Page must be a whole number'],
      pageSize: ['Page size must be at least 1'],
    });
  });
});
