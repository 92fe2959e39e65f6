// Unit/component tests in jsdom; the summary reporter writes test-output/results/web.json for CI.
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      reporters: ['default', './test/summary-reporter.ts'],
      restoreMocks: true,
      // After-hooks in the order written, so the setup file's unmount runs before a file's own clean-up closes
      // dialogs and toasts held in module stores (closing a mounted one re-rendered it outside act).
      sequence: { hooks: 'list' },
      // A bound for a busy 2-core machine (lazy chunks transform slowly there), not a speed target.
      testTimeout: 30000,
    },
  }),
);
