import { parseEnv } from '../../src/config/env';

const PROD_OK = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db.example.net:27017/cx',
  JWT_SECRET: 'x'.repeat(40),
  FEEDBACK_HASH_SECRET: 'y'.repeat(40),
  TRUST_PROXY: '2',
};

describe('environment configuration', () => {
  it('applies the documented defaults in development', () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe('development');
    expect(env.PORT).toBe(4000);
    expect(env.MONGODB_DB).toBe('cx');
    expect(env.RATE_LIMIT_DISABLED).toBe(false);
  });

  it('refuses to start in production with development secrets and no MongoDB, listing every problem', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: set a real secret[\s\S]*FEEDBACK_HASH_SECRET[\s\S]*MONGODB_URI/,
    );
  });

  it('refuses disabled rate limits in production', () => {
    expect(() => parseEnv({ ...PROD_OK, RATE_LIMIT_DISABLED: '1' })).toThrow(/RATE_LIMIT_DISABLED/);
  });

  it('refuses SEED_DEMO=always in production: no demo logins with printed passwords on a live database', () => {
    expect(() => parseEnv({ ...PROD_OK, SEED_DEMO: 'always' })).toThrow(/SEED_DEMO/);
    expect(parseEnv({ ...PROD_OK, SEED_DEMO: 'never' }).SEED_DEMO).toBe('never');
  });

  it('refuses to start in production without TRUST_PROXY, saying what to set', () => {
    const { TRUST_PROXY: _omitted, ...withoutTrustProxy } = PROD_OK;
    expect(() => parseEnv(withoutTrustProxy)).toThrow(
      /Refusing to start in production:[\s\S]*TRUST_PROXY: say how many proxies are in front of the API \(1 for nginx alone/,
    );
    expect(() => parseEnv({ ...PROD_OK, TRUST_PROXY: ' ' })).toThrow(/TRUST_PROXY/);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, one hop by default outside production', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ ...PROD_OK, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('names TRUST_PROXY entries it cannot understand', () => {
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33, nginx' })).toThrow(
      /TRUST_PROXY must be a hop count[\s\S]*not understood: 10\.0\.0\.0\/33, nginx/,
    );
  });

  it('accepts a complete production configuration', () => {
    expect(parseEnv(PROD_OK).NODE_ENV).toBe('production');
  });

  it('names the variable and the rule when a value is invalid', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
});
