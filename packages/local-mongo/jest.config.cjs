// Each test file starts its own engine on a random port. ts-jest only transpiles (isolatedModules in
// tsconfig.jest.json): type-checking every file's program cost ~60 s of the suite's ~85 s, and the test command
// type-checks src, test and bench once with `tsc -p tsconfig.json` in its typecheck row. Module Preserve + Bundler
// resolution reads mingo's exports map like NodeNext does.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', ['<rootDir>/../../scripts/jest-summary-reporter.cjs', { name: 'local-mongo' }]],
};
