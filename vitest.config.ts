import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
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
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // PGlite per test file; PostgreSQL runs get one database per file.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The admin's build steps (vite.config.ts and its plugins) run in Node.
        test: { name: 'admin-build', include: ['apps/admin/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/admin/src/test/setup.ts'],
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
