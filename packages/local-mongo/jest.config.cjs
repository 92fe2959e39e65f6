// Each test file starts its own engine on a random port. ts-jest type-checks (tsconfig isolatedModules:false) with the
// package's CommonJS output module: NodeNext's hybrid kind is only supported with isolatedModules, and warns per file.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'local-mongo' }]],
};
