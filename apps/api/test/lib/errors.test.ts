import mongoose from 'mongoose';
import { z } from 'zod';
import { RequestValidationError } from '@ts-rest/express';
import { MulterError } from 'multer';
import { AppError, mapError } from '../../src/lib/errors';

describe('mapError (the one error mapper)', () => {
  it('keeps an AppError status, code and message (a 404 stays a 404)', () => {
    const { status, body } = mapError(new AppError('NOT_FOUND', 'Store not found', 404));
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Store not found', code: 'NOT_FOUND', fieldErrors: undefined });
  });

  it('turns a request validation error into 400 with per-field messages', () => {
    const parsed = z.object({ email: z.string().email('Must be a valid email') }).safeParse({ email: 'x' });
    if (parsed.success) throw new Error('expected failure');
    const { status, body } = mapError(new RequestValidationError(null, null, null, parsed.error));
    expect(status).toBe(400);
    expect(body.message).toBe('Must be a valid email');
    expect(body.fieldErrors).toEqual({ email: ['Must be a valid email'] });
  });

  it('maps a mongoose ValidationError to 400 with the failing path', () => {
    const err = new mongoose.Error.ValidationError();
    err.addError('name', new mongoose.Error.ValidatorError({ path: 'name', message: 'Name is required' }));
    const { status, body } = mapError(err);
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ name: ['Name is required'] });
  });

  it('maps a CastError to 400', () => {
    const err = new mongoose.Error.CastError('ObjectId', 'zzz', '_id');
    expect(mapError(err).status).toBe(400);
  });

  it('maps duplicate key 11000 to 409 naming the field', () => {
    const { status, body } = mapError({ code: 11000, keyValue: { email: 'a@b.c' } });
    expect(status).toBe(409);
    expect(body.message).toBe('That email is already in use');
  });

  it('maps an oversized body to 413 and malformed JSON to 400', () => {
    expect(mapError({ type: 'entity.too.large' }).status).toBe(413);
    expect(mapError({ type: 'entity.parse.failed' }).status).toBe(400);
  });

  it('maps every multer limit to 400, and the size limits to 413', () => {
    const statuses = Object.fromEntries(
      (
        [
          'LIMIT_PART_COUNT',
          'LIMIT_FILE_SIZE',
          'LIMIT_FILE_COUNT',
          'LIMIT_FIELD_KEY',
          'LIMIT_FIELD_VALUE',
          'LIMIT_FIELD_COUNT',
          'LIMIT_UNEXPECTED_FILE',
          'MISSING_FIELD_NAME',
        ] as const
      ).map((code) => [code, mapError(new MulterError(code)).status]),
    );
    expect(statuses).toEqual({
      LIMIT_PART_COUNT: 400,
      LIMIT_FILE_SIZE: 413,
      LIMIT_FILE_COUNT: 400,
      LIMIT_FIELD_KEY: 400,
      LIMIT_FIELD_VALUE: 413,
      LIMIT_FIELD_COUNT: 400,
      LIMIT_UNEXPECTED_FILE: 400,
      MISSING_FIELD_NAME: 400,
    });
  });

  it('maps body-parser client errors by type, and any other exposed 4xx it raises to 400', () => {
    expect(mapError({ type: 'encoding.unsupported', status: 415, expose: true }).status).toBe(415);
    expect(mapError({ type: 'charset.unsupported', status: 415, expose: true }).status).toBe(415);
    expect(mapError({ type: 'request.aborted', status: 400, expose: true }).body.code).toBe(
      'REQUEST_ABORTED',
    );
    expect(mapError({ type: 'request.size.invalid', status: 400, expose: true }).status).toBe(400);
    expect(mapError({ code: 'Z_DATA_ERROR', status: 400, expose: true }).status).toBe(400);
    // Its own misuse (a stream already read) stays a 500: that is our bug, not the client's.
    expect(mapError({ type: 'stream.not.readable', status: 500, expose: false }).status).toBe(500);
  });

  it('maps a path that cannot be percent-decoded to 400, not 500', () => {
    expect(mapError(new URIError('Failed to decode param')).status).toBe(400);
  });

  it('maps an unreachable database to 503 with a retry message', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { name: 'MongoServerSelectionError' });
    expect(mapError(down)).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    const buffered = Object.assign(
      new Error('Operation `ratings.insertOne()` buffering timed out after 10000ms'),
      {
        name: 'MongooseError',
      },
    );
    expect(mapError(buffered).status).toBe(503);
  });

  it('hides unknown errors behind a generic 500 message', () => {
    const { status, body } = mapError(new Error('secret internals'));
    expect(status).toBe(500);
    expect(body.message).not.toContain('secret');
  });
});
