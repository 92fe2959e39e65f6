// Test environment defaults, set before src/config/env.ts is first imported.
process.env.NODE_ENV = 'test';
process.env.JWT_SECRET ??= 'test-secret-for-jest-only-0123456789abcdef';
process.env.BCRYPT_ROUNDS ??= '4';
process.env.SEED_DEMO = 'never';
