// `npm run bench`: every benchmark, each figure against a ceiling measured in the same run.
import { benchCatalogTree } from './catalog-tree.bench.ts';
import { printFigures } from './harness.ts';
import { benchTickets } from './tickets.bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
printFigures('Catalogue tree (300 sections, 5,000 items)', await benchCatalogTree(seconds));
const tickets = await benchTickets(seconds);
printFigures(
  'Order intake (delivery order of 3 lines, both tax kinds, zone fee; vs the no-op admin route)',
  tickets.intake,
);
printFigures(
  'Realtime: intake → ticketsUpdate at 200 WebSocket clients (1,000 orders, one at a time)',
  tickets.realtime,
);
process.exit(0);
