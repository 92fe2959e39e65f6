// Jest runs the engine suites in-band-friendly mode: each test file starts its own engine on a random port.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'local-mongo' }]],
};
