import { parseEnv } from '../../src/config/env';

const PROD_OK = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db.example.net:27017/cx',
  JWT_SECRET: 'x'.repeat(40),
  FEEDBACK_HASH_SECRET: 'y'.repeat(40),
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

  it('accepts a complete production configuration', () => {
    expect(parseEnv(PROD_OK).NODE_ENV).toBe('production');
  });

  it('names the variable and the rule when a value is invalid', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
});
