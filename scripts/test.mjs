// `npm test`: every check, in the order a failure is cheapest to find.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

const only = process.argv[2]; // optional: typecheck | lint | unit | pg | e2e
const step = (name) => !only || only === name;
const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

ensureInstalled();
if (step('typecheck')) {
  console.log('\n▶ typecheck');
  run('npm', ['run', 'typecheck']);
}
if (step('lint')) {
  console.log('\n▶ lint (eslint, prettier)');
  run('npm', ['run', 'lint']);
}
if (step('unit')) {
  console.log('\n▶ unit and server integration tests (embedded PGlite)');
  run('npx', ['vitest', 'run'], { env: { ...withoutPg, TEST_DATABASE_URL: '' } });
}
if (step('pg')) {
  if (pgUrl) {
    console.log('\n▶ server integration tests again on PostgreSQL (TEST_DATABASE_URL)');
    run('npx', ['vitest', 'run', '--project', 'server'], { env: { TEST_DATABASE_URL: pgUrl } });
  } else {
    console.log(
      '\n▷ TEST_DATABASE_URL not set: the PostgreSQL server run is skipped (.ci/run sets it)',
    );
  }
}
if (step('e2e')) {
  console.log('\n▶ end-to-end tests in Chromium');
  ensureBuilt();
  fs.rmSync(path.join(root, '.tmp', 'e2e-data'), { recursive: true, force: true });
  run('npx', ['playwright', 'test', '-c', 'apps/admin/playwright.config.ts']);
}
console.log('\n✓ all tests passed');
