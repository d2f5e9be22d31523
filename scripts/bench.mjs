// `npm run bench`: installs and builds if needed, then runs the benchmarks (apps/server/bench).
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
// The web figures load the built app in Chromium from the built server.
ensureBuilt();
run('npx', ['tsx', 'apps/server/bench/index.ts']);
