import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import * as s from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { demoFixtures, intakeUrl, pickup } from '../src/modules/tickets/test-fixtures.ts';
import { accessTokenFor, baseUrlOf } from '../src/test/auth.ts';
import { createTestDatabase, testConfig } from '../src/test/harness.ts';
import { percentile, type Figure } from './harness.ts';

const OPEN_TICKETS = 20_000;
const SCREENS = 100;
/** Orders placed while the screens were away: each screen must see every one of them. */
const MISSED = 50;
const LIST = '/api/admin/tenants/tickets';
const TILL_EVERY_MS = 100;
const ROUNDS = 5;
/** The admin's spread of catch-ups after a resync (live-tickets.tsx's RESYNC_JITTER_MS). */
const RESYNC_JITTER_MS = 2_000;

type Page = {
  results: { id: string }[];
  nextCursor: string | null;
  changesCursor: string | null;
};

/**
 * Issue 36 item 5: 100 Live orders screens coming back at once to a tenant with 20,000 open
 * tickets, while orders keep coming. Each screen asks only what changed since its last read
 * (`changedSince`); the ceiling is the old way, each screen walking the whole list again. The
 * intake's p99 during the catch-up is compared with its p99 just before, same load.
 */
export async function benchCatchUp(seconds: number, url: string): Promise<Figure[]> {
  const database = await createTestDatabase(url);
  await seedDemoData(database.owner);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const origin = await baseUrlOf(app);
  const f = await demoFixtures(database.owner);
  const token = await accessTokenFor({ app, config, database }, 'staff@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  const intake = `${origin}${intakeUrl(f.alBayt.id, f.abdoun.id)}`;
  const order = JSON.stringify(
    pickup([{ variantId: f.variant('Hummus', 'Large').variantId, quantity: 1 }]),
  );
  const place = async () => {
    const res = await fetch(intake, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: order,
    });
    if (res.status !== 201) throw new Error(`intake answered ${res.status}`);
    return ((await res.json()) as { results: { id: string } }).results.id;
  };
  const get = async (query: string) => {
    const res = await fetch(`${origin}${LIST}${query}`, { headers });
    if (res.status !== 200) throw new Error(`the list answered ${res.status}`);
    return (await res.json()) as Page;
  };

  // 20,000 open tickets, copies of a real one, changed an hour ago.
  const probe = await place();
  const [row] = await database.owner.select().from(s.tickets).where(eq(s.tickets.id, probe));
  if (!row) throw new Error('the probe order was not stored');
  for (let from = 0; from < OPEN_TICKETS; from += 1000) {
    await database.owner.insert(s.tickets).values(
      Array.from({ length: 1000 }, (_, i) => ({
        ...row,
        id: randomUUID(),
        ticketNumber: 1_000_000_000 + from + i,
        idempotencyKey: randomUUID(),
        status: 'New' as const,
      })),
    );
  }
  await database.owner.update(s.tickets).set({
    updatedAt: sql`now() - interval '1 hour'`,
    createdAt: sql`now() - interval '1 hour'`,
  });
  await database.owner.execute(sql`analyze tickets`);

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Orders from two tills, each placing one every 100 ms (20 a second: a busy chain's peak, far
   * above one restaurant's), until `stop` resolves; their times.
   */
  const intakeUntil = async (stop: Promise<unknown>) => {
    const times: number[] = [];
    let done = false;
    void stop.then(() => (done = true));
    await Promise.all(
      [0, 1].map(async () => {
        while (!done) {
          const start = performance.now();
          await place();
          const took = performance.now() - start;
          times.push(took);
          await wait(Math.max(0, TILL_EVERY_MS - took));
        }
      }),
    );
    return times.sort((a, b) => a - b);
  };

  /**
   * Every screen back at the same moment; they ask spread evenly over `jitterMs` (as the admin's
   * random resync wait spreads them) and each times until it holds all the missed orders.
   */
  const screens = async (
    catchUp: () => Promise<Set<string>>,
    missed: Set<string>,
    jitterMs: number,
  ) => {
    const start = performance.now();
    const times = await Promise.all(
      Array.from({ length: SCREENS }, async (_, i) => {
        await wait((jitterMs * i) / SCREENS);
        const seen = await catchUp();
        for (const id of missed) if (!seen.has(id)) throw new Error('a missed order was not seen');
        return performance.now() - start;
      }),
    );
    return times.sort((a, b) => a - b);
  };
  const walked = async () => {
    const seen = new Set<string>();
    let page = await get('');
    for (const r of page.results) seen.add(r.id);
    while (page.nextCursor) {
      page = await get(`?cursor=${encodeURIComponent(page.nextCursor)}`);
      for (const r of page.results) seen.add(r.id);
    }
    return seen;
  };

  // As the admin does (tickets-list.ts): the changes, or the whole list when too much changed.
  const changed = (before: string) => async () => {
    const changes = await get(`?changedSince=${before}`);
    if (!changes.changesCursor) return walked();
    return new Set(changes.results.map((r) => r.id));
  };
  /** The orders placed while the screens were away, and the point they last read. */
  const outage = async () => {
    const before = (await get('')).changesCursor!;
    const missed = new Set<string>();
    for (let i = 0; i < MISSED; i++) missed.add(await place());
    return { before, missed };
  };

  const quiet = await intakeUntil(wait(seconds * 1000));
  // Several outages, for enough orders during the catch-ups to read a p99 from.
  const caughtUp: number[] = [];
  const during: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { before, missed } = await outage();
    const times = await intakeUntil(
      (async () => {
        await wait(500);
        caughtUp.push(...(await screens(changed(before), missed, RESYNC_JITTER_MS)));
        await wait(500);
      })(),
    );
    during.push(...times);
  }
  caughtUp.sort((a, b) => a - b);
  during.sort((a, b) => a - b);
  const { missed } = await outage();
  let walkedAll: number[] = [];
  const whileWalking = await intakeUntil(
    (async () => {
      walkedAll = await screens(walked, missed, RESYNC_JITTER_MS);
    })(),
  );
  await app.close();
  await database.dispose();

  const quietP99 = percentile(quiet, 99);
  const duringP99 = percentile(during, 99);
  const seenP99 = percentile(caughtUp, 99);
  return [
    {
      name: `${SCREENS} screens catching up: all missed seen`,
      value: caughtUp.at(-1)! / 1000,
      unit: 's',
      ceiling: { value: walkedAll.at(-1)! / 1000, label: 'each walking the whole list' },
      target: '< 3 s',
      ok: caughtUp.at(-1)! < 3000,
    },
    {
      name: `${SCREENS} screens catching up: p99 of screens (${ROUNDS} outages)`,
      value: seenP99,
      unit: 'ms',
    },
    {
      name: 'intake p99 while they catch up',
      value: duringP99,
      unit: 'ms',
      ceiling: { value: quietP99, label: 'intake p99 just before' },
      target: '≤ 2×',
      ok: duringP99 <= 2 * quietP99,
    },
    {
      name: 'intake p99 while they walk the list instead',
      value: percentile(whileWalking, 99),
      unit: 'ms',
      ceiling: { value: quietP99, label: 'intake p99 just before' },
    },
  ];
}
