import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machine. Most
    // files wait on their own database or server as much as they compute; two at a time took
    // the unit step from 907 s to 723 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'apps/server/src/**/*.test.ts',
            'apps/server/day/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // PGlite per test file, started from one migrated template (its global setup);
          // PostgreSQL runs get one database per file.
          globalSetup: ['apps/server/src/test/pglite-template.ts'],
          // No statement is sent to a pg client still running one (the app keeps no queue).
          setupFiles: ['apps/server/src/test/one-statement-at-a-time.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The admin's build steps (vite.config.ts and its plugins) run in Node.
        test: {
          name: 'admin-build',
          include: ['apps/admin/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
          // A production build of the admin runs first.
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/admin/src/test/setup.ts'],
          // Rendering beside the server's test files on two cores can pass 5 s; a wait, not a
          // speed limit (a broken screen still fails its assertions).
          testTimeout: 20_000,
        },
      },
      {
        // The customer storefront: cart and price logic, its build budget.
        plugins: [react()],
        test: {
          name: 'storefront',
          include: ['apps/storefront/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'storefront-build',
          include: ['apps/storefront/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
