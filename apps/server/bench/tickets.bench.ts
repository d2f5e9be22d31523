import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { z } from 'zod';
import { IdempotencyKey, TicketIntakeBody, Uuid } from '@app/contracts';
import { buildApp } from '../src/app.ts';
import * as s from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { TICKETS_HUB_PATH } from '../src/realtime/hub.ts';
import { demoFixtures, intakeUrl } from '../src/modules/tickets/test-fixtures.ts';
import { accessTokenFor, baseUrlOf } from '../src/test/auth.ts';
import { createTestDatabase, testConfig } from '../src/test/harness.ts';
import { loop, percentile, type Figure } from './harness.ts';

const CLIENTS = 200;
const ORDERS = 1000;

/** Drives the intake with a fresh Idempotency-Key per request; bounded and loopback-only. */
async function loadIntake(url: string, body: string, seconds: number, connections = 10) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('benchmarks only target loopback');
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'idempotency-key': randomUUID() },
        }),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.errors + r.timeouts + r.non2xx,
  };
}

/**
 * Order intake and its realtime event, on PGlite ('') or on the PostgreSQL server of `url`.
 * Intake ceilings: a public no-op POST with the same body, params and headers (same JSON
 * parsing and validation, no database), and the bare INSERT of the same ticket row through
 * the same driver (one statement, its own transaction), at the same concurrency.
 */
export async function benchTickets(
  seconds: number,
  url: string,
): Promise<{ intake: Figure[]; realtime: Figure[] }> {
  const database = await createTestDatabase(url);
  await seedDemoData(database.owner);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  app.post(
    '/api/public/tenants/:tenantId/branches/:branchId/bench-noop',
    {
      schema: {
        hide: true,
        params: z.object({ tenantId: Uuid, branchId: Uuid }),
        headers: z.looseObject({ 'idempotency-key': IdempotencyKey.optional() }),
        body: TicketIntakeBody,
      },
    },
    async (_req, reply) => reply.status(201).send({ results: {} }),
  );
  await app.ready();
  const origin = await baseUrlOf(app);
  const f = await demoFixtures(database.owner);
  const token = await accessTokenFor({ app, config, database }, 'staff@demo.local');

  // A realistic delivery order: three lines, inclusive and additive taxes, a zone fee.
  const order = JSON.stringify({
    checkoutTemplate: 'DELIVERY',
    cartItems: [
      { variantId: f.variant('Hummus', 'Large').variantId, quantity: 2 },
      { variantId: f.variant('Mixed grill', 'For two').variantId, quantity: 1 },
      {
        variantId: f.variant('Fresh lemonade with mint').variantId,
        quantity: 2,
        specialRequest: 'Less sugar',
      },
    ],
    deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
    shippingAddress: { address1: 'Abdoun Circle', building: '14', floor: '2', apartment: '5' },
    phoneNumber: '+962791234000',
    firstName: 'Bench',
    isFulfillmentAsap: true,
    paymentMethodType: 'CASH',
    lang: 'en',
  });
  const intake = `${origin}${intakeUrl(f.alBayt.id, f.abdoun.id)}`;
  const noop = `${origin}/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/bench-noop`;
  const probe = await fetch(intake, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: order,
  });
  if (probe.status !== 201) throw new Error(`intake answered ${probe.status}`);
  const placedId = ((await probe.json()) as { results: { id: string } }).results.id;
  const [row] = await database.owner.select().from(s.tickets).where(eq(s.tickets.id, placedId));
  if (!row) throw new Error('the probe order was not stored');
  const noopProbe = await fetch(noop, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: order,
  });
  if (noopProbe.status !== 201) throw new Error(`the no-op route answered ${noopProbe.status}`);

  await loadIntake(intake, order, 1); // warm-up
  const parsed = await loadIntake(noop, order, seconds);
  // Numbers far above the intake's own counter, so both can insert side by side.
  let number = 1_000_000_000;
  const inserted = await loop(seconds, () =>
    database.owner.insert(s.tickets).values({
      ...row,
      id: randomUUID(),
      ticketNumber: number++,
      idempotencyKey: randomUUID(),
    }),
  );
  const placed = await loadIntake(intake, order, seconds);
  if (placed.bad + parsed.bad > 0) throw new Error('requests failed during the intake benchmark');

  // Realtime: 200 staff connections, then 1,000 orders one after another.
  const hub = `${origin.replace(/^http/, 'ws')}${TICKETS_HUB_PATH}?access_token=${token}`;
  let waiting: { since: number; arrived: number[]; done: () => void } | undefined;
  const sockets = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(hub);
          ws.on('message', () => {
            const w = waiting;
            if (!w) return;
            w.arrived.push(performance.now() - w.since);
            if (w.arrived.length === CLIENTS) w.done();
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  const deliveries: number[] = [];
  const slowest: number[] = [];
  const calls: number[] = [];
  let missing = 0;
  for (let i = 0; i < ORDERS; i++) {
    const arrived: number[] = [];
    const all = new Promise<void>((resolve) => {
      waiting = { since: performance.now(), arrived, done: resolve };
    });
    const since = waiting!.since;
    const res = await fetch(intake, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: order,
    });
    calls.push(performance.now() - since);
    if (res.status !== 201) throw new Error(`intake answered ${res.status}`);
    await res.arrayBuffer();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.race([all, timeout]);
    waiting = undefined;
    missing += CLIENTS - arrived.length;
    deliveries.push(...arrived);
    if (arrived.length > 0) slowest.push(Math.max(...arrived));
  }
  for (const ws of sockets) ws.terminate();
  await app.close();
  await database.dispose();
  if (missing > 0) throw new Error(`${missing} events never reached their client`);

  deliveries.sort((a, b) => a - b);
  slowest.sort((a, b) => a - b);
  calls.sort((a, b) => a - b);
  const p99 = percentile(deliveries, 99);
  const callP50 = percentile(calls, 50);
  const noopCeiling = (value: number) => ({ value, label: 'public no-op POST, same body' });
  const insertCeiling = (value: number) => ({ value, label: 'bare INSERT of the row' });
  return {
    intake: [
      {
        name: 'order intake requests/s',
        value: placed.rps,
        unit: 'req/s',
        // Pricing, idempotency and numbering against parsing alone: a ratio to read, not a gate.
        ceiling: noopCeiling(parsed.rps),
      },
      {
        name: 'order intake requests/s',
        value: placed.rps,
        unit: 'req/s',
        ceiling: insertCeiling(inserted.rps),
        // Issue 35: the whole order path at least 0.3× one bare INSERT on PostgreSQL.
        ...(url ? { target: '≥ 0.3×', ok: placed.rps >= 0.3 * inserted.rps } : {}),
      },
      { name: 'order intake p50', value: placed.p50, unit: 'ms', ceiling: noopCeiling(parsed.p50) },
      { name: 'order intake p99', value: placed.p99, unit: 'ms', ceiling: noopCeiling(parsed.p99) },
      {
        name: 'order intake p99',
        value: placed.p99,
        unit: 'ms',
        ceiling: insertCeiling(inserted.p99),
      },
    ],
    realtime: [
      { name: 'intake call p50 (send → 201)', value: callP50, unit: 'ms' },
      {
        name: 'event p50 (send → client)',
        value: percentile(deliveries, 50),
        unit: 'ms',
        ceiling: { value: callP50, label: 'intake call p50' },
      },
      {
        name: 'event p99 (send → client)',
        value: p99,
        unit: 'ms',
        ceiling: { value: percentile(calls, 99), label: 'intake call p99' },
        target: '< 50 ms',
        ok: p99 < 50,
      },
      { name: 'event p99, last of 200 clients', value: percentile(slowest, 99), unit: 'ms' },
    ],
  };
}
