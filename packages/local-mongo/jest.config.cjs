// Each test file starts its own engine on a random port. ts-jest type-checks (isolatedModules:false) through
// tsconfig.jest.json: module Preserve + Bundler resolution reads mingo's exports map like NodeNext does, without the
// hybrid module kind ts-jest only supports with isolatedModules (TS151002, printed once per compiled file).
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'local-mongo' }]],
};
