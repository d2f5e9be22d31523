// `npm test`: every check, in the order a failure is cheapest to find.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

const only = process.argv[2];
const reports = path.join(root, '.tmp', 'test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
]; // optional: typecheck | lint | unit | pg | e2e | day
const step = (name) => !only || only === name;
// Each step's wall time, printed at the end: CI must stay under 45 minutes on two cores.
const timings = [];
let started = Date.now();
const lap = (name) => {
  timings.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  started = Date.now();
};
const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

ensureInstalled();
if (step('typecheck')) {
  console.log('\n▶ typecheck');
  run('npm', ['run', 'typecheck']);
  lap('typecheck');
}
if (step('lint')) {
  console.log('\n▶ lint (eslint, prettier)');
  run('npm', ['run', 'lint']);
  lap('lint');
}
if (step('unit')) {
  console.log('\n▶ unit and server integration tests (embedded PGlite)');
  run('npx', ['vitest', 'run', ...vitestJson('unit')], {
    env: { ...withoutPg, TEST_DATABASE_URL: '' },
  });
  lap('unit');
}
if (step('pg')) {
  if (pgUrl) {
    console.log('\n▶ server integration tests again on PostgreSQL (TEST_DATABASE_URL)');
    run('npx', ['vitest', 'run', '--project', 'server', ...vitestJson('postgres')], {
      env: { TEST_DATABASE_URL: pgUrl },
    });
    lap('pg');
  } else {
    console.log(
      '\n▷ TEST_DATABASE_URL not set: the PostgreSQL server run is skipped (.ci/run sets it)',
    );
  }
}
if (step('e2e')) {
  console.log('\n▶ end-to-end tests in Chromium');
  ensureBuilt();
  lap('build');
  fs.rmSync(path.join(root, '.tmp', 'e2e-data'), { recursive: true, force: true });
  run(
    'npx',
    ['playwright', 'test', '-c', 'apps/admin/playwright.config.ts', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    },
  );
  lap('e2e');
}

if (step('day')) {
  // The check every change must pass (issue 35): a short restaurant day with its faults on its
  // own PostgreSQL cluster; it fails on any lost, duplicated or unseen order, or unbalanced book.
  console.log(
    '\n▶ a short restaurant day: 150 orders in 2 minutes over 2 server copies (npm run day)',
  );
  ensureBuilt();
  const args = ['--orders', '150', '--minutes', '2', '--copies', '2', '--seed', '7'];
  run('npx', ['tsx', 'apps/server/day/day.ts', ...args, '--out', path.join(root, '.tmp', 'day')], {
    // Its own cluster, never a database of the caller's.
    env: { DATABASE_URL: '' },
  });
  fs.writeFileSync(path.join(reports, 'day.json'), JSON.stringify({ numPassedTests: 1 }));
  lap('day');
}

// One plain closing line over every runner: vitest (PGlite, PostgreSQL) and Playwright.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  if (file === 'e2e.json') {
    passed += report.stats?.expected ?? 0;
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
console.log(`\n✓ all test steps passed (${timings.join(', ')})`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0) process.exit(1);
