import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemResponse } from '@app/contracts';
import { buildApp, type App } from '../app.ts';
import {
  demoFixtures,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from '../modules/tickets/test-fixtures.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';
import {
  openDatabase,
  retryWhileUnavailable,
  rowsOf,
  type Database,
  type DatabaseTimeouts,
} from './client.ts';
import { seedDemoData } from './seed.ts';
import { tickets } from './schema.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * The app on the demo world whose pool reaches PostgreSQL through a TCP proxy the tests cut,
 * freeze and restore; the shared server itself is never stopped. `direct` bypasses the proxy.
 */
async function appBehindProxy(timeouts?: DatabaseTimeouts) {
  const direct = await createTestDatabase();
  await seedDemoData(direct.owner);
  const f = await demoFixtures(direct.owner);
  const raw = direct.raw;
  if (raw.kind !== 'postgres') throw new Error('needs PostgreSQL');
  const proxy = await startTcpProxy(String(raw.pool.options.connectionString));
  const proxied = await openDatabase({ databaseUrl: proxy.url, timeouts });
  const app = await buildApp({ config: testConfig(), database: proxied, logger: false });
  await app.ready();
  return { direct, proxy, proxied, app, f };
}

async function closeAll(parts: Partial<Omit<Awaited<ReturnType<typeof appBehindProxy>>, 'f'>>) {
  await parts.app?.close();
  await parts.proxied?.close();
  await parts.proxy?.close();
  await parts.direct?.dispose();
}

// The app's pool reaches PostgreSQL through a TCP proxy the test cuts and restores; the shared
// server itself is never stopped.
describe.skipIf(!url)(
  'a database outage (skipped: needs TEST_DATABASE_URL, a real PostgreSQL)',
  () => {
    let direct: Awaited<ReturnType<typeof createTestDatabase>>;
    let proxy: TcpProxy;
    let proxied: Database;
    let app: App;
    let f: DemoFixtures;

    beforeAll(async () => {
      ({ direct, proxy, proxied, app, f } = await appBehindProxy());
    }, 120_000);
    afterAll(() => closeAll({ direct, proxy, proxied, app }));

    const place = () =>
      app.inject({
        method: 'POST',
        url: intakeUrl(f.alBayt.id, f.abdoun.id),
        payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
      });

    it('answers 503 service_unavailable with Retry-After while unreachable, and serves again after', async () => {
      expect((await place()).statusCode).toBe(201);
      await proxy.cut();

      const refused = await place();
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const body = ProblemResponse.parse(refused.json());
      expect(body.error.code).toBe('service_unavailable');
      expect(refused.body).not.toMatch(/ECONNREFUSED|select|insert|terminated/i);

      const menu = await app.inject({
        method: 'GET',
        url: `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=PICKUP`,
      });
      expect(menu.statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

      await proxy.restore();
      expect((await place()).statusCode).toBe(201);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('waits at start for a database that comes back, logging each attempt', async () => {
      await proxy.cut();
      const lines: string[] = [];
      const waiting = retryWhileUnavailable(() => proxied.ping(), {
        timeoutMs: 30_000,
        log: (line) => lines.push(line),
      });
      setTimeout(() => void proxy.restore(), 1500);
      await waiting;
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toMatch(/^database not reachable \(\w+\), attempt 1; retrying in 0.5 s$/);
    });
  },
);

describe.skipIf(!url)(
  'a frozen database (skipped: needs TEST_DATABASE_URL, a real PostgreSQL)',
  () => {
    let direct: Awaited<ReturnType<typeof createTestDatabase>>;
    let proxy: TcpProxy;
    let proxied: Database;
    let app: App;
    let f: DemoFixtures;
    const timeouts = { statementMs: 1_000, idleInTransactionMs: 2_000, keepAliveMs: 1_000 };

    beforeAll(async () => {
      ({ direct, proxy, proxied, app, f } = await appBehindProxy(timeouts));
    }, 120_000);
    afterAll(async () => {
      proxy?.thaw();
      await closeAll({ direct, proxy, proxied, app });
    });

    const place = (key: string) =>
      app.inject({
        method: 'POST',
        url: intakeUrl(f.alBayt.id, f.abdoun.id),
        headers: { 'idempotency-key': key },
        payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
      });
    const ticketCount = async () =>
      Number((await direct.owner.select({ n: count() }).from(tickets))[0]?.n ?? 0);

    it('answers 503 to the requests in flight and to new ones instead of hanging, and writes each order whole or not at all', async () => {
      expect((await place(`warm-${Date.now()}`)).statusCode).toBe(201);
      const before = await ticketCount();
      proxy.freeze();
      // Twenty orders while every statement goes unanswered (SIGSTOP on PostgreSQL): each is
      // refused within the timeouts; without them they would wait for the thaw below forever.
      const keys = Array.from({ length: 20 }, (_, i) => `frozen-${Date.now()}-${i}`);
      const refused = await Promise.all(keys.map((key) => place(key)));
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(503);
        expect(ProblemResponse.parse(res.json()).error.code).toBe('service_unavailable');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      proxy.thaw();

      // Retried with their keys, every order is placed exactly once: none lost, none twice,
      // none half there (an order is its ticket with its lines, or nothing).
      for (const key of keys) expect([200, 201]).toContain((await place(key)).statusCode);
      expect(await ticketCount()).toBe(before + keys.length);
      // The tenant's counter moved with its tickets only: no number taken by an order not there.
      const numbers = await direct.owner.execute(
        sql`select c.last_number::int as last, (select max(ticket_number)::int from tickets t where t.tenant_id = c.tenant_id) as max from ticket_counters c where c.tenant_id = ${f.alBayt.id}`,
      );
      const [row] = rowsOf<{ last: number; max: number }>(numbers);
      expect(row?.last).toBe(row?.max);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }, 120_000);
  },
);

describe('starting while the database is down', () => {
  it('gives up after the bound with a clear error, each attempt logged', async () => {
    // A port nothing listens on: refused at once, no server needed.
    const proxy = await startTcpProxy('postgres://postgres@127.0.0.1:5432/none');
    await proxy.cut();
    const database = await openDatabase({ databaseUrl: proxy.url });
    const lines: string[] = [];
    const slept: number[] = [];
    let now = 0;
    await expect(
      retryWhileUnavailable(() => database.migrate(), {
        timeoutMs: 20_000,
        log: (line) => lines.push(line),
        sleep: async (ms) => {
          slept.push(ms);
          now += ms;
        },
        now: () => now,
      }),
    ).rejects.toThrow(/database still not reachable after 20 s/);
    await database.close();
    expect(slept).toEqual([500, 1000, 2000, 4000, 8000, 4500]);
    expect(lines).toHaveLength(slept.length);
    expect(lines[1]).toMatch(/attempt 2; retrying in 1 s/);
  });

  it('does not wait for an error that waiting cannot fix', async () => {
    let calls = 0;
    await expect(
      retryWhileUnavailable(
        async () => {
          calls++;
          throw Object.assign(new Error('password authentication failed'), { code: '28P01' });
        },
        { timeoutMs: 20_000, log: () => undefined },
      ),
    ).rejects.toThrow(/password authentication failed/);
    expect(calls).toBe(1);
  });
});
