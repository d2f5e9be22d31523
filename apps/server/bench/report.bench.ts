import { execFile } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { localize, ReportFilter, type ReportFilterInput } from '@app/contracts';
import { buildApp } from '../src/app.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { demoFixtures } from '../src/modules/tickets/test-fixtures.ts';
import { createReportsRepository } from '../src/modules/reports/reports.repository.ts';
import { accessTokenFor, baseUrlOf } from '../src/test/auth.ts';
import { createTestDatabase, testConfig } from '../src/test/harness.ts';
import { percentile, type Figure } from './harness.ts';
import { seedReportTickets, type BenchWorld } from './report-tickets.ts';
import type { ChildResult } from './report-export.child.ts';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const TIME_ZONE = 'Asia/Amman';
// Jordan keeps UTC+3 all year since 2022: the newest tickets' wall clock.
const OFFSET_MINUTES = 180;
const CALLS = 15;

/** A day as YYYY-MM-DD on Amman's clock. */
const ammanDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at).slice(0, 10);

async function timed(calls: number, work: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p90: percentile(times, 90) };
}

async function child(args: object): Promise<ChildResult> {
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      path.join(here, 'report-export.child.ts'),
      JSON.stringify(args),
    ],
    { maxBuffer: 1 << 20, timeout: 1_200_000, env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  const line = stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as ChildResult;
}

// Samples of retained memory per measured export: each is a full garbage collection.
const MEMORY_SAMPLES = 25;

/**
 * The orders report on PostgreSQL with `count` tickets of one tenant (seeded by SQL): the first
 * page of three filters against the same two queries run straight through the driver, and the
 * Excel export of the newest 100k and 400k tickets against exceljs's streaming writer alone
 * writing the same rows, each in a process of its own (time and peak resident memory).
 */
export async function benchReport(url: string, count: number) {
  const database = await createTestDatabase(url);
  await seedDemoData(database.owner);
  const f = await demoFixtures(database.owner);
  const world: BenchWorld = {
    tenantId: f.alBayt.id,
    branchIds: [f.abdoun.id, f.sweifieh.id],
    zones: ['Abdoun', 'Sweifieh', 'Khalda'].map((en) => {
      const title = { fieldValue: en, en, ar: en, es: en };
      return { id: f.zone(f.alBayt.id, en), title };
    }),
  };
  const newest = new Date();
  const oldest = new Date('2020-01-01T00:00:00Z');
  const t0 = performance.now();
  await seedReportTickets(database.owner, world, { count, newest, oldest, firstNumber: 1 });
  await database.owner.execute(sql`vacuum analyze tickets`);
  const seedSeconds = (performance.now() - t0) / 1000;

  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const origin = await baseUrlOf(app);
  const token = await accessTokenFor({ app, config, database }, 'staff@demo.local');
  const repository = createReportsRepository(database.owner);
  // The repository's query for a filter as the API receives it (its defaults filled in).
  const queryOf = (filter: ReportFilterInput) => ({
    ...ReportFilter.parse(filter),
    tenantId: world.tenantId,
  });
  const today = ammanDay(newest);
  const monthAgo = ammanDay(new Date(newest.getTime() - 30 * 86_400_000));
  const filters: [string, ReportFilterInput][] = [
    ['today (the default)', { startDate: today, endDate: today }],
    ['past 30 days, Completed', { startDate: monthAgo, endDate: today, statuses: ['Completed'] }],
    ['whole history from 2020', { startDate: '2020-01-01', endDate: today }],
  ];
  const page: Figure[] = [
    { name: `seeding ${count.toLocaleString('en')} tickets (SQL)`, value: seedSeconds, unit: 's' },
  ];
  for (const [label, filter] of filters) {
    const body = JSON.stringify({ ...filter, timezone: TIME_ZONE, page: 0 });
    const call = await timed(CALLS, async () => {
      const res = await fetch(`${origin}/api/admin/tenants/${world.tenantId}/reports/carttickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      if (res.status !== 200) throw new Error(`report answered ${res.status}`);
      await res.arrayBuffer();
    });
    const q = queryOf({ ...filter, timezone: TIME_ZONE });
    const bare = await timed(CALLS, () =>
      Promise.all([repository.page(q, 0, 10), repository.totals(q)]),
    );
    page.push({
      name: `first page p50, ${label}`,
      value: call.p50,
      unit: 'ms',
      ceiling: { value: bare.p50, label: 'its two queries alone' },
      target: '< 300 ms',
      ok: call.p50 < 300,
    });
    page.push({ name: `first page p90, ${label}`, value: call.p90, unit: 'ms' });
  }
  await app.close();

  // The newest N tickets: from the day of the N-th newest (whole days of Amman) to today.
  const [current] = (
    (await database.owner.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${current!.name}`;
  const branchNames = Object.fromEntries(
    (await repository.branchNames(world.tenantId)).map((b) => [b.id, localize(b.name, 'en')]),
  );
  const stepMs = (newest.getTime() - oldest.getTime()) / count;
  const exports: Figure[] = [];
  const retained: Record<number, { server: number; alone: number }> = {};
  // BENCH_EXPORT_ROWS: other sizes than the newest 100k and 400k (a smaller run while working).
  const sizes = (process.env.BENCH_EXPORT_ROWS ?? '100000,400000').split(',').map(Number);
  for (const wanted of sizes.filter((n) => n <= count)) {
    const startDay = ammanDay(new Date(newest.getTime() - (wanted - 1) * stepMs));
    const filter: ReportFilterInput = { startDate: startDay, endDate: today, timezone: TIME_ZONE };
    const totals = await repository.totals(queryOf(filter));
    const rows = totals.byStatus.reduce((n, t) => n + Number(t.count), 0);
    const serverArgs = {
      mode: 'export',
      databaseUrl: databaseUrl.toString(),
      tenantId: world.tenantId,
      email: 'staff@demo.local',
      filter,
    };
    const aloneArgs = {
      mode: 'exceljs',
      world,
      branchNames,
      last: count,
      rows,
      count,
      newestMs: newest.getTime(),
      stepMs,
      offsetMinutes: OFFSET_MINUTES,
    };
    // Time: A B B A, so that a machine that speeds up or slows down favours neither; for the
    // size with the target twice over, each side's figure the median of its four runs (one
    // run of a few seconds swings with whatever else the machine is doing).
    const as: ChildResult[] = [];
    const bs: ChildResult[] = [];
    for (let round = 0; round < (wanted === sizes[0] ? 2 : 1); round++) {
      as.push(await child({ ...serverArgs, measure: 'time' }));
      bs.push(await child({ ...aloneArgs, measure: 'time' }));
      bs.push(await child({ ...aloneArgs, measure: 'time' }));
      as.push(await child({ ...serverArgs, measure: 'time' }));
    }
    const median = (runs: ChildResult[], k: keyof ChildResult) => {
      const v = runs.map((r) => r[k]).sort((x, y) => x - y);
      const mid = v.length / 2;
      return v.length % 2 ? v[Math.floor(mid)]! : (v[mid - 1]! + v[mid]!) / 2;
    };
    const server = {
      ms: median(as, 'ms'),
      cpu: median(as, 'cpuMs') + median(as, 'dbCpuMs') + median(as, 'clientCpuMs'),
      rss: median(as, 'rssGrowthBytes'),
      bytes: as[0]!.bytes,
    };
    const alone = {
      ms: median(bs, 'ms'),
      cpu: median(bs, 'cpuMs'),
      rss: median(bs, 'rssGrowthBytes'),
      bytes: bs[0]!.bytes,
    };
    // Memory: runs of their own, sampled the same number of times over each one's duration;
    // each side's figure the median of three runs (A B B A A B): one run's peak moves by a few
    // hundred kB with what is in flight when a sample falls, as much as the figure itself.
    const sampleMs = (ms: number) => Math.max(50, Math.round(ms / MEMORY_SAMPLES));
    const serverMemory = { ...serverArgs, measure: 'memory', sampleMs: sampleMs(server.ms) };
    const aloneMemory = { ...aloneArgs, measure: 'memory', sampleMs: sampleMs(alone.ms) };
    const ms1: ChildResult[] = [];
    const ms2: ChildResult[] = [];
    for (const order of [
      [ms1, ms2],
      [ms2, ms1],
      [ms1, ms2],
    ] as const)
      for (const runs of order) runs.push(await child(runs === ms1 ? serverMemory : aloneMemory));
    const m1 = { retainedGrowthBytes: median(ms1, 'retainedGrowthBytes') };
    const m2 = { retainedGrowthBytes: median(ms2, 'retainedGrowthBytes') };
    const mb = (runs: ChildResult[]) =>
      runs.map((r) => (r.retainedGrowthBytes / 1e6).toFixed(2)).join(', ');
    console.log(
      `  ${wanted.toLocaleString('en')} rows, retained memory runs (MB): export ${mb(ms1)}; exceljs alone ${mb(ms2)}`,
    );
    retained[wanted] = { server: m1.retainedGrowthBytes, alone: m2.retainedGrowthBytes };
    const k = `${Math.round(rows / 1000)}k`;
    const first = wanted === sizes[0];
    const alone1 = 'exceljs alone, same rows';
    exports.push(
      {
        name: `export ${k} rows, time`,
        value: server.ms / 1000,
        unit: 's',
        ceiling: { value: alone.ms / 1000, label: alone1 },
        ...(first ? { target: '≤ 1.5×', ok: server.ms / alone.ms <= 1.5 } : {}),
      },
      {
        name: `export ${k} rows, CPU (server, PostgreSQL, curl)`,
        value: server.cpu / 1000,
        unit: 's',
        ceiling: { value: alone.cpu / 1000, label: alone1 },
      },
      {
        name: `export ${k} rows, retained memory peak growth`,
        value: m1.retainedGrowthBytes / 1e6,
        unit: 'MB',
        ceiling: { value: m2.retainedGrowthBytes / 1e6, label: alone1 },
        ...(first
          ? { target: '≤ 1.3×', ok: m1.retainedGrowthBytes / m2.retainedGrowthBytes <= 1.3 }
          : {}),
      },
      {
        name: `export ${k} rows, resident set peak growth`,
        value: server.rss / 1e6,
        unit: 'MB',
        ceiling: { value: alone.rss / 1e6, label: alone1 },
      },
      {
        name: `export ${k} rows, file size`,
        value: server.bytes / 1e6,
        unit: 'MB',
        ceiling: { value: alone.bytes / 1e6, label: alone1 },
      },
    );
  }
  const [small, large] = [retained[sizes[0]!], retained[sizes[1]!]];
  const kOf = (n: number) => `${Math.round(n / 1000)}k`;
  if (small && large) {
    exports.push(
      {
        name: `export retained memory, ${kOf(sizes[1]!)} rows against ${kOf(sizes[0]!)}`,
        value: large.server / 1e6,
        unit: 'MB',
        ceiling: { value: small.server / 1e6, label: `at ${kOf(sizes[0]!)} rows` },
        target: '≤ 1.2×',
        ok: large.server / small.server <= 1.2,
      },
      {
        name: `exceljs alone, ${kOf(sizes[1]!)} rows against ${kOf(sizes[0]!)}`,
        value: large.alone / 1e6,
        unit: 'MB',
        ceiling: { value: small.alone / 1e6, label: `at ${kOf(sizes[0]!)} rows` },
      },
    );
  }
  await database.dispose();
  return { page, exports };
}
