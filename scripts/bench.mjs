// `npm run bench`: installs if needed, then runs the server benchmarks (apps/server/bench).
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
run('npx', ['tsx', 'apps/server/bench/index.ts']);
