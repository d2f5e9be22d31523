// `npm run day -- [--orders 2000] [--minutes 10] [--copies 2] [--seed 1]`: builds if needed,
// then a restaurant's day simulated end to end (apps/server/day/day.ts, docs/day.md).
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
run('npx', ['tsx', 'apps/server/day/day.ts', ...process.argv.slice(2)]);
