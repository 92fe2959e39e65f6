import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACT_PATHS, serializeRequest } from '../../src/lib/logger';

describe('request log lines', () => {
  it('keep only id, method and a token-redacted url: no IP, user agent, cookie or bearer token', () => {
    const line = serializeRequest({
      id: 'r1',
      method: 'GET',
      url: '/api/v1/user/verify-email?token=abc.def&x=1',
      ...({
        remoteAddress: '203.0.113.9',
        headers: { 'user-agent': 'Mozilla', authorization: 'Bearer x' },
      } as object),
    });
    expect(line).toEqual({ id: 'r1', method: 'GET', url: '/api/v1/user/verify-email?token=[redacted]&x=1' });
    expect(JSON.stringify(line)).not.toMatch(/203\.0\.113\.9|Mozilla|Bearer/);
  });
});

describe('log redaction of a customer contact request (#37)', () => {
  it('never writes the email or phone of a contact request, whatever object carries it', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc: string, done: () => void) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino({ level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    const contact = { email: 'jane@example.com', phone: '+44 7700 900123', consent: true };
    log.info({ contact }, 'top level');
    log.warn({ body: { score: 1, contact } }, 'in a body');
    log.error({ req: { body: { contact } } }, 'in a request');
    log.info({ request: { phoneDigits: '447700900123' } }, 'digits');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).not.toMatch(/jane@example\.com|7700/);
  });
});
