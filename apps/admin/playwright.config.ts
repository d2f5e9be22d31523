import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../tools/e2e/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 18090);
// Overrides let several copies run side by side (each its own port, data, build and output).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.tmp', 'e2e-data');
const adminDist = process.env.E2E_ADMIN_DIST ?? path.join(root, 'apps/admin/dist');
const storefrontDist = process.env.E2E_STOREFRONT_DIST ?? path.join(root, 'apps/storefront/dist');
const serverMain = process.env.E2E_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');

export default defineConfig({
  // The admin's specs, and the customer storefront's (issue 19) against the same server.
  projects: [
    { name: 'admin', testDir: './e2e' },
    { name: 'storefront', testDir: '../storefront/e2e' },
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Waits, not speed limits: a machine shared with other work renders a page in more than
  // Playwright's default 5 s now and then; a behaviour that is broken still fails.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `node ${serverMain}`,
    url: `http://localhost:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_DIST: adminDist,
      STOREFRONT_DIST: storefrontDist,
      LOG_LEVEL: 'warn',
      // Specs place orders from one address; the per-address intake limit is tested on its own.
      INTAKE_RATE_LIMIT_MAX: '10000',
      // The demo, as `npm start` serves it (each switch is off in a server run alone).
      SEED_DEMO: 'true',
      PAYMENT_GATEWAY_EMULATOR: 'true',
      DISPATCH_EMULATOR: 'true',
      HUBRISE_EMULATOR: 'true',
      PRINTER_EMULATOR: 'true',
      MAIL_CAPTURE: 'true',
      // Specs count the orders they place; the demo's past week would sit among them.
      SEED_DEMO_ACTIVITY: 'false',
    },
  },
});
