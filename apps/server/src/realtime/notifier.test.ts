import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from '../test/harness.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createNotifier, type Notifier, type RealtimeEvent } from './notifier.ts';

const url = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function within<T>(ms: number, what: string, probe: () => T | undefined): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

// The LISTEN connection reaches PostgreSQL through a TCP proxy the test cuts and restores.
describe.skipIf(!url)(
  'the LISTEN connection after an outage (skipped: needs TEST_DATABASE_URL)',
  () => {
    let direct: Awaited<ReturnType<typeof createTestDatabase>>;
    let proxy: TcpProxy;
    let proxied: Database;
    let notifier: Notifier;
    const events: RealtimeEvent[] = [];
    const resyncs: number[] = [];
    const log: { level: number; msg: string }[] = [];

    beforeAll(async () => {
      direct = await createTestDatabase();
      const raw = direct.raw;
      if (raw.kind !== 'postgres') throw new Error('needs PostgreSQL');
      proxy = await startTcpProxy(String(raw.pool.options.connectionString));
      proxied = await openDatabase({ databaseUrl: proxy.url });
      const stream = new Writable({
        write(chunk, _e, done) {
          log.push(JSON.parse(String(chunk)));
          done();
        },
      });
      notifier = createNotifier(proxied, pino({ level: 'debug' }, stream) as FastifyBaseLogger);
      notifier.subscribe({
        onEvent: (e) => events.push(e),
        onResync: () => resyncs.push(Date.now()),
      });
      await notifier.start();
    }, 60_000);
    afterAll(async () => {
      await notifier?.stop();
      await proxied?.close();
      await proxy?.close();
      await direct?.dispose();
    });

    const publish = (data: string) =>
      notifier.publish(direct.db, { tenantId: 't1', event: 'ticketsUpdate', data });

    it('probes every second while down: back at the next probe, resyncs, and delivers again', async () => {
      await publish('before');
      await within(2000, 'the first event', () => events.find((e) => e.data === 'before'));
      await proxy.cut();
      // Long enough for a back-off that grows (0.25, 1, 2, 5 s...) to be past 2 s.
      await sleep(4500);
      await publish('during');
      await proxy.restore();
      const back = Date.now();
      const resynced = await within(2000, 'the resync', () => resyncs.find((t) => t >= back));
      expect(resynced - back).toBeLessThan(2000);
      await publish('after');
      await within(2000, 'the event after', () => events.find((e) => e.data === 'after'));
      // One warning for the outage, not one per probe.
      const warnings = log.filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(log.some((l) => l.level === 30 && /restored/.test(l.msg))).toBe(true);
    }, 20_000);
  },
);
