// Each test file starts its own engine on a random port; tsconfig.json sets isolatedModules:false so ts-jest type-checks.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'local-mongo' }]],
};
