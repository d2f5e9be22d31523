import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, retryWhileUnavailable, type Database } from './db/client.ts';
import { DEMO_SIGN_INS, demoAccountsPresent, seedDemoData } from './db/seed.ts';
import { seedDemoActivity } from './db/demo-activity.ts';
import { DEMO_PASSWORD } from './db/demo-data.ts';
import { buildApp, type App } from './app.ts';

export type RunningServer = {
  app: App;
  config: Config;
  database: Database;
  close(): Promise<void>;
};

/**
 * The data folder and everything in it for the server's user alone (0700 folders, 0600
 * files): it holds the embedded database, the keys that seal secrets at rest, uploads and
 * (demo) the mail outbox. PGlite makes its files 0666 whatever the umask; the folder's own
 * mode keeps them from other users, and each start and stop narrows them again.
 */
export function restrictDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const narrow = (p: string, isDir: boolean) => {
    const mode = fs.statSync(p).mode & 0o777;
    const wanted = isDir ? 0o700 : mode & 0o600;
    if (mode !== wanted) fs.chmodSync(p, wanted);
  };
  const walk = (dir: string) => {
    narrow(dir, true);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) narrow(p, false);
    }
  };
  walk(dataDir);
}

/**
 * Everything `node apps/server/dist/main.js` does before it serves: the configuration, the
 * data folder, the database and its migrations, the demo data only when SEED_DEMO asks for it,
 * then the app listening. A production server (NODE_ENV=production) refuses the demo's
 * switches (config.ts) and a database that holds the demo's accounts.
 */
export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => console.log(line),
): Promise<RunningServer> {
  const config = loadConfig(env);
  // Files the server writes itself (keys, uploads, the outbox) are its user's alone.
  process.umask(0o077);
  restrictDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    ownerUrl: config.databaseOwnerUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  let app: App | undefined;
  const close = async () => {
    await app?.close();
    await database.close();
    restrictDataDir(config.dataDir);
  };
  try {
    // A database that is not up yet (both starting together) is waited for, not a crash.
    await retryWhileUnavailable(() => database.migrate(), {
      timeoutMs: config.databaseWaitMs,
      log: (line) => console.warn(line),
    });
    if (config.production) {
      const demo = await demoAccountsPresent(database.owner);
      if (demo.length > 0) {
        throw new Error(
          `NODE_ENV=production refuses to start: the database holds the demo's accounts (${demo.join(', ')}), whose password is published. Use a database of your own (docs/deployment.md, "Production minimum").`,
        );
      }
    }
    let freshDemo = false;
    if (config.seedDemo) {
      const seeded = await seedDemoData(database.owner, {
        hubriseAccessToken: config.hubrise.emulator?.accessToken,
      });
      freshDemo = seeded.seeded;
      if (seeded.seeded)
        log(`Loaded demo data (${seeded.tenants} tenants) into the empty database.`);
    }
    restrictDataDir(config.dataDir);
    app = await buildApp({ config, database });
    await app.listen({ port: config.port, host: config.host });
    if (freshDemo && config.seedDemoActivity) {
      const activity = await seedDemoActivity(app, database.owner, config);
      log(
        `Placed the demo's past week: ${activity.orders} orders, ${activity.payments} table payments.`,
      );
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  log(banner(config));
  return { app, config, database, close };
}

function banner(config: Config): string {
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Restaurant admin is running at ${config.publicUrl}/`,
    `  API docs: ${config.publicUrl}/api/docs   database: ${where}`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo storefront: ${config.storefrontUrl}/al-bayt`,
      `  Demo sign-ins (password ${DEMO_PASSWORD}):`,
      ...DEMO_SIGN_INS.map((u) => `    ${u.email.padEnd(22)} ${u.role.padEnd(13)} ${u.tenant}`),
    );
  }
  if (config.mail.kind === 'capture')
    lines.push(`  Mail outbox: ${config.publicUrl}/emulators/mail`);
  if (config.printerEmulator)
    lines.push(
      `  Printers (emulated, one per Al Bayt branch): ${config.publicUrl}/emulators/printers`,
    );
  if (config.emulatorControlKey) {
    lines.push(
      `  Emulator controls and the mail outbox answer this machine only; from elsewhere add`,
      `  ?key=${config.emulatorControlKey} (this start's key).`,
    );
  }
  if (!config.production && !config.seedDemo) {
    lines.push('  NODE_ENV is not production: set it on a real server (docs/deployment.md).');
  }
  lines.push('');
  return lines.join('\n');
}
