/** API tests: ts-jest only transpiles (the test script runs tsc once first); MongoDB through the project's resolver. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // agenda 6 ships ES modules only: Node loads them with require(esm), jest's CommonJS runtime needs them transpiled.
    '^.+/node_modules/(agenda|@agendajs/mongo-backend)/.+\\.js$': [
      'ts-jest',
      // isolatedModules in the tsconfig (ts-jest 29.4 deprecates its own option, warning each time a worker starts):
      // these files are only transpiled, never type-checked.
      {
        tsconfig: {
          allowJs: true,
          module: 'commonjs',
          target: 'es2022',
          esModuleInterop: true,
          isolatedModules: true,
        },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(agenda|@agendajs))'],
  // compiles each module from the bytecode its first test file left in this worker (test/helpers/cached-runtime.cjs)
  runtime: '<rootDir>/test/helpers/cached-runtime.cjs',
  setupFiles: ['<rootDir>/test/helpers/env.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
  // The longest files first (a fresh clone has no remembered durations to order by).
  testSequencer: '<rootDir>/test/helpers/sequencer.cjs',
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'api' }]],
};
