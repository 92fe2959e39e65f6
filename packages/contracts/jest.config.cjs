module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: { module: 'CommonJS', moduleResolution: 'Node10', types: ['jest', 'node'] } },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'contracts' }]],
};
