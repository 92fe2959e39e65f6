// AppError and the one error mapper: every failure leaves the API as { message, code?, fieldErrors? } with the right status.
import type { ErrorRequestHandler } from 'express';
import { RequestValidationError } from '@ts-rest/express';
import type { TErrorBody } from '@cx/contracts';
import mongoose from 'mongoose';
import { ZodError } from 'zod';
import { logger } from './logger';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503;

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: ErrorStatus = 400,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`, 404);
export const unauthorized = (message = 'Please log in to continue') =>
  new AppError('UNAUTHORIZED', message, 401);

/** Per-field messages from a zod error, keyed by the dotted path ("_root" for form-level issues). */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_root';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function validationBody(fieldErrors: Record<string, string[]>): TErrorBody {
  const first = Object.values(fieldErrors)[0]?.[0];
  return { message: first ?? 'Validation failed', code: 'VALIDATION_ERROR', fieldErrors };
}

interface HttpishError {
  type?: string;
  status?: number;
  code?: string | number;
  keyValue?: Record<string, unknown>;
}

const UNAVAILABLE_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/** MongoDB cannot be reached (network, failover, mongoose's buffer timing out): a 503 the client may retry, not a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (UNAVAILABLE_ERRORS.has(err.name)) return true;
  return (
    err.name === 'MongooseError' && /buffering timed out|not connected|client was closed/i.test(err.message)
  );
}

/** Maps any thrown value to a status and the shared error body; exported so it can be tested directly. */
export function mapError(err: unknown): { status: ErrorStatus; body: TErrorBody } {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: { message: err.message, code: err.code, fieldErrors: err.fieldErrors },
    };
  }
  if (err instanceof RequestValidationError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const part of [err.body, err.query, err.pathParams, err.headers]) {
      if (part) Object.assign(fieldErrors, zodFieldErrors(part));
    }
    return { status: 400, body: validationBody(fieldErrors) };
  }
  if (err instanceof ZodError) return { status: 400, body: validationBody(zodFieldErrors(err)) };
  if (err instanceof mongoose.Error.ValidationError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const [path, e] of Object.entries(err.errors)) fieldErrors[path] = [e.message];
    return { status: 400, body: validationBody(fieldErrors) };
  }
  if (err instanceof mongoose.Error.CastError) {
    return { status: 400, body: { message: `Invalid value for ${err.path}`, code: 'INVALID_VALUE' } };
  }
  const e = (err ?? {}) as HttpishError;
  if (e.code === 11000) {
    const field = Object.keys(e.keyValue ?? {})[0] ?? 'value';
    return { status: 409, body: { message: `That ${field} is already in use`, code: 'DUPLICATE' } };
  }
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
    return { status: 413, body: { message: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' } };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      body: {
        message: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'UNAVAILABLE',
      },
    };
  }
  // Express could not percent-decode a path parameter (e.g. /store/%E0%A4%A): the client's URL is broken, not us.
  if (err instanceof URIError) {
    return { status: 400, body: { message: 'The address is not valid', code: 'MALFORMED_URL' } };
  }
  if (e.type === 'entity.parse.failed') {
    return { status: 400, body: { message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' } };
  }
  return {
    status: 500,
    body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
  };
}

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  const { status, body } = mapError(err);
  if (status === 500) logger.error({ err, reqId: req.id }, 'unhandled error');
  res.status(status).json(body);
};
