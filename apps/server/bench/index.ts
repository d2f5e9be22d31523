// `npm run bench`: every benchmark, each figure against a ceiling measured in the same run.
import { benchBulkUpload } from './bulk-upload.bench.ts';
import { benchCatalogTree } from './catalog-tree.bench.ts';
import { benchCatchUp } from './catchup.bench.ts';
import { printFigures, type Figure } from './harness.ts';
import { benchReport } from './report.bench.ts';
import { benchServiceAreas } from './service-areas.bench.ts';
import { benchTickets } from './tickets.bench.ts';
import { benchWeb } from './web.bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postgres = process.env.TEST_DATABASE_URL;
// BENCH_ONLY=web (or catalog, tickets, catchup, report, service-areas, bulk-upload) runs one part; all by default.
const only = process.env.BENCH_ONLY;
const part = (name: string) => !only || only === name;
const skipped = (name: string): Figure => ({
  name,
  value: NaN,
  unit: '',
  skipped: 'TEST_DATABASE_URL is not set (the PostgreSQL server to run on)',
});

if (part('catalog')) {
  printFigures(
    'Catalogue tree, 300 sections and 5,000 items (embedded PGlite)',
    await benchCatalogTree(seconds),
  );
}

if (part('tickets')) {
  const pglite = await benchTickets(seconds, '');
  printFigures(
    'Order intake, a delivery order of 3 lines, both tax kinds, zone fee (embedded PGlite)',
    pglite.intake,
  );
  printFigures(
    'Realtime: intake → ticketsUpdate at 200 WebSocket clients, 1,000 orders one at a time (embedded PGlite)',
    pglite.realtime,
  );
  const pg = postgres ? await benchTickets(seconds, postgres) : undefined;
  printFigures(
    'Order intake (PostgreSQL, TEST_DATABASE_URL)',
    pg?.intake ?? [skipped('order intake')],
  );
  printFigures(
    'Realtime: intake → ticketsUpdate at 200 WebSocket clients (PostgreSQL, TEST_DATABASE_URL)',
    pg?.realtime ?? [skipped('order → ticketsUpdate at 200 sockets')],
  );
}

if (part('catchup')) {
  printFigures(
    'Live orders catching up: 100 screens back at once, 20,000 open tickets, orders coming (PostgreSQL, TEST_DATABASE_URL)',
    postgres
      ? await benchCatchUp(seconds, postgres)
      : [skipped('100 screens catching up: all missed seen')],
  );
}

if (part('report')) {
  // BENCH_REPORT_TICKETS: fewer tickets than the million on a slow machine (reported).
  const reportTickets = Number(process.env.BENCH_REPORT_TICKETS ?? 1_000_000);
  const report = postgres ? await benchReport(postgres, reportTickets) : undefined;
  printFigures(
    `Orders report, ${reportTickets.toLocaleString('en')} tickets of one tenant (PostgreSQL, TEST_DATABASE_URL)`,
    report?.page ?? [skipped('first report page')],
  );
  printFigures(
    'Orders report Excel export, newest 100k and 400k tickets, each run in a process of its own (PostgreSQL)',
    report?.exports ?? [skipped('export of 100k rows')],
  );
}

if (part('service-areas')) {
  printFigures(
    'Service areas: a branch with 2,000 tables, paging and the zip of their QR codes (embedded PGlite)',
    await benchServiceAreas(seconds),
  );
}

if (part('bulk-upload')) {
  printFigures(
    'Bulk upload: a 1 MB menu xlsx imported in one transaction (embedded PGlite; PostgreSQL when TEST_DATABASE_URL is set)',
    await benchBulkUpload(postgres),
  );
}

if (part('web')) {
  printFigures(
    'Web: the built app in headless Chromium, 1.6 Mbps down / 150 ms RTT (kB = 1,000 bytes on the wire)',
    await benchWeb(),
  );
}
process.exit(0);
