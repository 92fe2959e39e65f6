import { serializeRequest } from '../../src/lib/logger';

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
