// `npm run faults`: builds if needed, then the fault run (apps/server/bench/faults.ts): its own
// PostgreSQL cluster killed twice under 10,000 orders with repeated idempotency keys.
import { ensureBuilt, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
ensureBuilt();
run('npx', ['tsx', 'apps/server/bench/faults.ts']);
