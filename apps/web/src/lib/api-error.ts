// Reads what went wrong from an error thrown by a tsr query or mutation: HTTP status, server message, or transport failure.
import { ZErrorBodySchema } from '@cx/contracts';

export type TApiErrorKind = 'http' | 'network' | 'timeout' | 'parse' | 'unknown';

export type TApiErrorInfo = {
  kind: TApiErrorKind;
  /** HTTP status for kind 'http', otherwise undefined. */
  status?: number;
  /** The server's `message` when it sent one, otherwise a readable fallback. */
  message: string;
  fieldErrors?: Record<string, string[]>;
};

export const FALLBACK_MESSAGES: Record<TApiErrorKind, string> = {
  http: 'An error occurred',
  network: 'Could not reach the server. Please check your connection.',
  timeout: 'The server took too long to answer. Please try again.',
  parse: 'The server sent a response that could not be read.',
  unknown: 'An error occurred',
};

/** ts-rest react-query v5 throws non-2xx responses as `{ status, body, headers }`. */
export function isHttpErrorResponse(error: unknown): error is { status: number; body: unknown } {
  return (
    typeof error === 'object' &&
    error !== null &&
    !(error instanceof Error) &&
    'status' in error &&
    typeof (error as { status: unknown }).status === 'number' &&
    'body' in error
  );
}

export function isUnauthorizedError(error: unknown): boolean {
  return isHttpErrorResponse(error) && error.status === 401;
}

/** 402: the business's subscription is expired or canceled (the API's paywall). */
export function isPaymentRequiredError(error: unknown): boolean {
  return isHttpErrorResponse(error) && error.status === 402;
}

/** The API's code for "you are signed in but no longer a member of the current business" (403). */
export const NO_BUSINESS_CODE = 'NO_BUSINESS';

/** A 403 saying the member was removed from (or never belonged to) the current business. */
export function isNoBusinessError(error: unknown): boolean {
  if (!isHttpErrorResponse(error) || error.status !== 403) return false;
  const body = ZErrorBodySchema.safeParse(error.body);
  return body.success && body.data.code === NO_BUSINESS_CODE;
}

/** Any 403: the role does not allow this (the page says so plainly instead of failing). */
export function isForbiddenError(error: unknown): boolean {
  return isHttpErrorResponse(error) && error.status === 403;
}

export function describeApiError(error: unknown): TApiErrorInfo {
  if (isHttpErrorResponse(error)) {
    const body = ZErrorBodySchema.safeParse(error.body);
    if (body.success) {
      return {
        kind: 'http',
        status: error.status,
        message: body.data.message || FALLBACK_MESSAGES.http,
        fieldErrors: body.data.fieldErrors,
      };
    }
    return { kind: 'http', status: error.status, message: FALLBACK_MESSAGES.http };
  }
  if (error instanceof Error || error instanceof DOMException) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      return { kind: 'timeout', message: FALLBACK_MESSAGES.timeout };
    }
    // fetch() rejects with a TypeError when the network or CORS fails; response.json() with a SyntaxError.
    if (error.name === 'SyntaxError') return { kind: 'parse', message: FALLBACK_MESSAGES.parse };
    if (error.name === 'TypeError') return { kind: 'network', message: FALLBACK_MESSAGES.network };
  }
  return { kind: 'unknown', message: FALLBACK_MESSAGES.unknown };
}

/** The server's message, or `fallback` (spec §8: "the server's message, or 'An error occurred' if none"). */
export function apiErrorMessage(error: unknown, fallback = FALLBACK_MESSAGES.unknown): string {
  const info = describeApiError(error);
  if (info.kind === 'http' && info.message !== FALLBACK_MESSAGES.http) return info.message;
  if (info.kind === 'http' || info.kind === 'unknown') return fallback;
  return info.message;
}
