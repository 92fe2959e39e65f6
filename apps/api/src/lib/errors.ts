// AppError and the one error mapper: every failure leaves the API as { message, code?, fieldErrors? } with the right status.
import type { ErrorRequestHandler } from 'express';
import { RequestValidationError } from '@ts-rest/express';
import type { TErrorBody } from '@cx/contracts';
import mongoose from 'mongoose';
import { MulterError } from 'multer';
import { ZodError } from 'zod';
import { env } from '../config/env';
import { logger } from './logger';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: ErrorStatus = 400,
    readonly fieldErrors?: Record<string, string[]>,
    /** Sent as Retry-After (seconds) with a 429 or 503: when asking again can succeed. */
    readonly retryAfterSeconds?: number,
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

type Mapped = { status: ErrorStatus; body: TErrorBody };
const mapped = (status: ErrorStatus, code: string, message: string): Mapped => ({
  status,
  body: { message, code },
});

const ABORTED = mapped(400, 'REQUEST_ABORTED', 'The request was not received in full. Please try again.');
const MALFORMED_FORM = mapped(
  400,
  'MALFORMED_UPLOAD',
  'The upload is not a valid form. Please choose the file again.',
);

/** body-parser's error types (http-errors with a `type`): the JSON body could not be read as sent. */
const BODY_PARSER_ERRORS: Record<string, Mapped> = {
  'encoding.unsupported': mapped(
    415,
    'UNSUPPORTED_ENCODING',
    'The request body is compressed in a way we do not accept (send it uncompressed, gzip or deflate)',
  ),
  'charset.unsupported': mapped(415, 'UNSUPPORTED_CHARSET', 'The request body must be UTF-8 encoded'),
  'request.aborted': ABORTED,
  'request.size.invalid': mapped(400, 'MALFORMED_BODY', 'The request body does not match its Content-Length'),
  'entity.parse.failed': mapped(400, 'MALFORMED_JSON', 'The request body is not valid JSON'),
  'entity.too.large': mapped(413, 'PAYLOAD_TOO_LARGE', 'The request is too large'),
  'parameters.too.many': mapped(413, 'PAYLOAD_TOO_LARGE', 'The request has too many parameters'),
};

/** multer's codes: counts and names are a malformed upload (400), sizes are too large (413). */
function multerError(err: MulterError): Mapped {
  const mb = Math.round(env.UPLOAD_MAX_BYTES / 1024 / 1024);
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return mapped(413, 'PAYLOAD_TOO_LARGE', `Files must be at most ${mb} MB`);
    case 'LIMIT_FIELD_VALUE':
      return mapped(413, 'PAYLOAD_TOO_LARGE', 'A form field is too long');
    case 'LIMIT_FILE_COUNT':
      return mapped(400, 'TOO_MANY_FILES', 'Please send one file at a time');
    case 'LIMIT_UNEXPECTED_FILE':
      return mapped(400, 'UNEXPECTED_FILE', `This form does not take a file named "${err.field ?? ''}"`);
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
      return mapped(400, 'TOO_MANY_FIELDS', 'The upload has too many fields');
    default:
      return MALFORMED_FORM;
  }
}

/** busboy's and multer's plain Errors for a multipart body that is broken or cut short (they carry no code). */
const MULTIPART_MESSAGES: Array<[RegExp, Mapped]> = [
  [/^Multipart: Boundary not found$/, MALFORMED_FORM],
  [/^(Malformed part header|Malformed content type)$/, MALFORMED_FORM],
  [/^Unexpected end of (form|file)$/, ABORTED],
  [/^Request (aborted|closed)$/, ABORTED],
  [
    /^Unsupported content type: /,
    mapped(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the upload as multipart/form-data'),
  ],
];

/** A request body the client sent badly (body-parser, multer, busboy, zlib): its 4xx, or null when it is not one. */
function mapBodyError(err: unknown): Mapped | null {
  if (err instanceof MulterError) return multerError(err);
  const e = (err ?? {}) as HttpishError & { expose?: boolean };
  if (typeof e.type === 'string' && BODY_PARSER_ERRORS[e.type]) return BODY_PARSER_ERRORS[e.type]!;
  if (err instanceof Error && err.constructor === Error) {
    for (const [pattern, result] of MULTIPART_MESSAGES) if (pattern.test(err.message)) return result;
  }
  // Any other client error body-parser raises (e.g. a gzip body that does not inflate) exposes a 4xx status.
  if (e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return mapped(400, 'MALFORMED_BODY', 'The request body could not be read');
  }
  return null;
}

/** Maps any thrown value to a status and the shared error body; exported so it can be tested directly. */
export function mapError(err: unknown): Mapped & { retryAfterSeconds?: number } {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: { message: err.message, code: err.code, fieldErrors: err.fieldErrors },
      retryAfterSeconds: err.retryAfterSeconds,
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
  // A body the client sent badly (body-parser, multer, busboy): the client's fault, each with its own plain message.
  const bodyError = mapBodyError(err);
  if (bodyError) return bodyError;
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
  return {
    status: 500,
    body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
  };
}

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  const { status, body, retryAfterSeconds } = mapError(err);
  if (status === 500) logger.error({ err, reqId: req.id }, 'unhandled error');
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.ceil(retryAfterSeconds)));
  res.status(status).json(body);
};
