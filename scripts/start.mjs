// `npm start`: install if needed, build if stale, then serve API + SPA on one port.
// The server migrates the database and loads the demo data on its first start.
import { ensureBuilt, ensureInstalled, spawnServer } from './lib.mjs';

ensureInstalled();
ensureBuilt();
const server = spawnServer({});
const forward = (sig) => () => server.kill(sig);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
