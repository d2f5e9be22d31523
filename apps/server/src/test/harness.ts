import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { buildApp, type App } from '../app.ts';
import { seedDemoData } from '../db/seed.ts';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.ts';

/**
 * A migrated database of its own for one test file: in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again by `dispose`); the
 * benchmarks pass the server to use ('' for PGlite).
 */
export async function createTestDatabase(
  url = process.env.TEST_DATABASE_URL,
): Promise<Database & { dispose(): Promise<void> }> {
  if (!url) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const database = await openDatabase({
      memory: true,
      memoryFrom: template ? new Blob([fs.readFileSync(template)]) : undefined,
    });
    // Nothing left to run on the migrated template; the whole history on an empty cluster.
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  await database.migrate();
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The key secrets are sealed under in tests: one for the whole run, so that two apps on one
 * database (a restart, a second copy) open each other's rows whatever their data folders; the
 * key file a server makes in its data folder by default has tests of its own. Kept in the
 * environment, so that a child process (the report bench's export) opens the same rows.
 */
const TEST_SECRETS_KEY = Buffer.from(
  (process.env.TEST_SECRETS_KEY ??= randomBytes(32).toString('hex')),
  'hex',
);

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Uploaded files of a test go to a temporary folder, never into the repository.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-test-'));
  // E-mails go to the outbox of the test's data folder, which the tests read as the demo does.
  const config = loadConfig({
    PORT: '8080',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    MAIL_CAPTURE: 'true',
  });
  // Tests and benchmarks place thousands of orders from one address; the limit's own test
  // sets a small one.
  const intakeRateLimit = { max: 1_000_000, windowMs: 60_000 };
  // No card gateway unless a test starts its emulator (the default would call port 8080).
  const publicReadRateLimit = { max: 1_000_000, windowMs: 60_000 };
  // Test files try many wrong codes from one address; the limit's own test sets the real one.
  const discountCodeTries = { max: 1_000_000, windowMs: 60_000 };
  // No dispatch providers either unless a test starts their emulator.
  const dispatch = { providers: {}, emulator: null };
  return {
    ...config,
    intakeRateLimit,
    publicReadRateLimit,
    discountCodeTries,
    payments: null,
    dispatch,
    // Nothing answers here: a test that maps to HubRise starts the emulator.
    hubrise: { baseUrl: 'http://127.0.0.1:9/v1', emulator: null },
    secretsEncryptionKey: TEST_SECRETS_KEY,
    ...overrides,
  };
}

export type TestContext = {
  app: App;
  config: Config;
  database: Database & { dispose(): Promise<void> };
  close(): Promise<void>;
};

/** The real app on a real database, optionally with the demo world loaded. */
export async function createTestApp(
  opts: { seed?: boolean; config?: Partial<Config>; clock?: () => Date } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  if (opts.seed) await seedDemoData(database.owner);
  const config = testConfig(opts.config);
  const app = await buildApp({ config, database, logger: false, clock: opts.clock });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
