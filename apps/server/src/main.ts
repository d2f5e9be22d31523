import { loadConfig } from './config.ts';
import { openDatabase, retryWhileUnavailable } from './db/client.ts';
import { DEMO_SIGN_INS, seedDemoData } from './db/seed.ts';
import { seedDemoActivity } from './db/demo-activity.ts';
import { DEMO_PASSWORD } from './db/demo-data.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  ownerUrl: config.databaseOwnerUrl,
  dataDir: config.dataDir,
});
// A database that is not up yet (both starting together) is waited for, not a crash.
await retryWhileUnavailable(() => database.migrate(), {
  timeoutMs: config.databaseWaitMs,
  log: (line) => console.warn(line),
});
let freshDemo = false;
if (config.seedDemo) {
  const seeded = await seedDemoData(database.owner);
  freshDemo = seeded.seeded;
  if (seeded.seeded)
    console.log(`Loaded demo data (${seeded.tenants} tenants) into the empty database.`);
}
const app = await buildApp({ config, database });

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (freshDemo && config.seedDemoActivity) {
  const activity = await seedDemoActivity(app, database.owner, config);
  console.log(
    `Placed the demo's past week: ${activity.orders} orders, ${activity.payments} table payments.`,
  );
}
const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${config.dataDir}`;
console.log(
  [
    '',
    `  Restaurant admin is running at ${config.publicUrl}/`,
    `  API docs: ${config.publicUrl}/api/docs   database: ${where}`,
    ...(config.seedDemo ? [`  Demo storefront: ${config.storefrontUrl}/al-bayt`] : []),
    ...(config.seedDemo
      ? [
          `  Demo sign-ins (password ${DEMO_PASSWORD}):`,
          ...DEMO_SIGN_INS.map((u) => `    ${u.email.padEnd(22)} ${u.role.padEnd(13)} ${u.tenant}`),
        ]
      : []),
    '',
  ].join('\n'),
);
