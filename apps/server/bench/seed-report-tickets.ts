// `npm run bench:seed-tickets -- [count]`: adds `count` cart tickets (1,000,000 by default) to
// the demo tenant Al Bayt in the PostgreSQL database of DATABASE_URL, spread from 2020-01-01 to
// now, by one INSERT … SELECT over generate_series (the orders report's scale test).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { demoFixtures } from '../src/modules/tickets/test-fixtures.ts';
import { seedReportTickets } from './report-tickets.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
const count = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(count) || count < 1) throw new Error(`not a count: ${process.argv[2]}`);

const database = await openDatabase({ databaseUrl: url });
await database.migrate();
await seedDemoData(database.owner);
const f = await demoFixtures(database.owner);
const [counter] = (
  (await database.owner.execute(
    sql`select coalesce(max(last_number), 0)::int as last from ticket_counters where tenant_id = ${f.alBayt.id}`,
  )) as unknown as { rows: { last: number }[] }
).rows;
const t0 = performance.now();
await seedReportTickets(
  database.owner,
  {
    tenantId: f.alBayt.id,
    branchIds: [f.abdoun.id, f.sweifieh.id],
    zones: ['Abdoun', 'Sweifieh', 'Khalda'].map((en) => ({
      id: f.zone(f.alBayt.id, en),
      title: { fieldValue: en, en, ar: en, es: en },
    })),
  },
  {
    count,
    newest: new Date(),
    oldest: new Date('2020-01-01T00:00:00Z'),
    firstNumber: (counter?.last ?? 0) + 1,
  },
);
await database.owner.execute(sql`vacuum analyze tickets`);
console.log(
  `${count.toLocaleString('en')} tickets added to Al Bayt in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
await database.close();
