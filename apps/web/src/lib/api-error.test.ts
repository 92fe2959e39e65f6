// Reading errors thrown by tsr: server messages, fallbacks and transport failures.
import { apiErrorMessage, describeApiError, FALLBACK_MESSAGES, isUnauthorizedError } from '@/lib/api-error';
import { httpError } from '@/testing/render-app';

describe('describeApiError', () => {
  it('returns the server message, status and field errors of an error response', () => {
    const info = describeApiError(
      httpError(400, { message: 'Email is required', fieldErrors: { email: ['Email is required'] } }),
    );
    expect(info).toEqual({
      kind: 'http',
      status: 400,
      message: 'Email is required',
      fieldErrors: { email: ['Email is required'] },
    });
  });

  it('tells network, timeout and parse failures apart', () => {
    expect(describeApiError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(describeApiError(new DOMException('timed out', 'TimeoutError')).kind).toBe('timeout');
    expect(describeApiError(new SyntaxError('Unexpected token <')).kind).toBe('parse');
    expect(describeApiError('weird').kind).toBe('unknown');
  });

  it('falls back to "An error occurred" when the body has no message', () => {
    expect(apiErrorMessage(httpError(500, '<html>oops</html>'))).toBe('An error occurred');
    expect(apiErrorMessage(httpError(422, { message: 'Name is required' }))).toBe('Name is required');
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBe(FALLBACK_MESSAGES.network);
  });

  it('recognises only a 401 response as unauthorized', () => {
    expect(isUnauthorizedError(httpError(401, { message: 'x' }))).toBe(true);
    expect(isUnauthorizedError(httpError(403, { message: 'x' }))).toBe(false);
    expect(isUnauthorizedError(Object.assign(new Error('x'), { status: 401 }))).toBe(false);
  });
});
