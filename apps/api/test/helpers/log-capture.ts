// Captures every log line the API writes in a test file, at the most verbose level, through the real redaction.
import { Writable } from 'node:stream';
import pino from 'pino';

/** The captured lines (raw JSON), in order. */
export const capturedLogLines: string[] = [];

/** The logger module with its logger swapped: `jest.mock('…/src/lib/logger', () => requireActual(this).capturingLoggerModule())`. */
export function capturingLoggerModule(): object {
  const actual = jest.requireActual('../../src/lib/logger');
  const sink = new Writable({
    write(chunk: Buffer, _enc: string, done: () => void) {
      capturedLogLines.push(chunk.toString());
      done();
    },
  });
  return {
    ...actual,
    logger: pino({ level: 'trace', redact: { paths: actual.REDACT_PATHS, censor: '[redacted]' } }, sink),
  };
}
