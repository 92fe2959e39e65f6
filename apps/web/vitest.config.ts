// Unit/component tests in jsdom; the summary reporter writes test-output/results/web.json for CI.
import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Files that change window-level state another file would then see (location hand-offs, the document's head, a
 * session switched mid-file): they keep a fresh module cache and jsdom each. Every other file shares its worker's.
 */
const ISOLATED = [
  'src/app/router.test.tsx',
  // Asserts no toast and no API call at all: in a shared worker an earlier file's toasts and session may linger.
  'src/app/open-pages.test.tsx',
  'src/features/customer/first-paint/first-paint.test.tsx',
  'src/features/stores/routes/ManageStoresPage.test.tsx',
  'src/features/subscription/routes/SubscriptionPages.test.tsx',
  'src/features/team/access.test.tsx',
  // Mocks the hard navigation that shared-worker files load unmocked: in a shared module cache the dialog could keep
  // the real one, depending on which file its worker ran first.
  'src/features/interfaces/components/SelectStoreDialog.test.tsx',
];

const FILES = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'];

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./test/setup.ts'],
      reporters: ['default', './test/summary-reporter.ts'],
      restoreMocks: true,
      // After-hooks in the order written, so the setup file's unmount runs before a file's own clean-up closes
      // dialogs and toasts held in module stores (closing a mounted one re-rendered it outside act).
      sequence: { hooks: 'list' },
      // A bound for a busy 2-core machine (lazy chunks transform slowly there), not a speed target.
      testTimeout: 30000,
      // every core: vitest leaves one to its main thread by default, which on 2 cores ran the suite on one worker
      // while the other core idled (the main thread only collects results)
      maxWorkers: availableParallelism(),
      // The public pages' plain stylesheet is applied in jsdom, so tests can read their header's computed size.
      css: { include: [/public-page\.css$/] },
      projects: [
        // Sharing the module cache and jsdom saves re-importing React, Chakra and the route tree into a new jsdom
        // per file (on 2 cores that was two thirds of the suite: import 115 s, environment 48 s of 476 s).
        // Each project names its own files: with `extends`, a root `include` would be added to both.
        { extends: true, test: { name: 'shared', isolate: false, include: FILES, exclude: ISOLATED } },
        { extends: true, test: { name: 'isolated', include: ISOLATED } },
      ],
    },
  }),
);
