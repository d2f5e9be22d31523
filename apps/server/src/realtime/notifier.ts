import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { HubEventName } from '@app/contracts';
import type { Database, Db, Tx } from '../db/client.ts';

/** The one PostgreSQL channel every server copy listens on. */
export const REALTIME_CHANNEL = 'admin_realtime';

/** An event for the staff of one tenant. */
export type RealtimeEvent = { tenantId: string; event: HubEventName; data: unknown };

export type RealtimeSubscriber = {
  onEvent(event: RealtimeEvent): void;
  /** The feed was interrupted and is back: events may have been missed. */
  onResync(): void;
};

/**
 * `Notifier.publish` as SQL, for a statement that makes the event's data itself (`data` is a
 * SQL json expression): `select …, ${notifySql(…)} from created`. Sent on commit, like publish.
 */
export function notifySql(tenantId: SQL, event: HubEventName, data: SQL): SQL {
  return sql`pg_notify(${REALTIME_CHANNEL}, json_build_object('t', ${tenantId}, 'e', ${event}::text, 'd', ${data})::text)`;
}

export type Notifier = {
  /**
   * Sends the event through PostgreSQL NOTIFY on the caller's connection. Inside a transaction
   * it goes out on commit and never on rollback, to every server copy (this one included).
   */
  publish(q: Db | Tx, event: RealtimeEvent): Promise<void>;
  subscribe(subscriber: RealtimeSubscriber): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

type Wire = { t: string; e: string; d: unknown };

/** Waits between tries while the LISTEN connection is down: never more than a second, so the
 * feed is back within a second of the database answering again. */
const RETRY_MS = [100, 250, 500, 1000];

/**
 * LISTEN/NOTIFY fan-out: with PostgreSQL a dedicated connection (outside the pool) listens and
 * reconnects on loss; PGlite delivers notifications in-process.
 */
export function createNotifier(database: Database, log: FastifyBaseLogger): Notifier {
  const subscribers = new Set<RealtimeSubscriber>();
  let stopped = false;
  let stopListening: (() => Promise<void>) | undefined;

  function receive(payload: string) {
    let event: RealtimeEvent;
    try {
      const wire = JSON.parse(payload) as Wire;
      const name = HubEventName.safeParse(wire.e);
      if (typeof wire.t !== 'string' || !name.success) return;
      event = { tenantId: wire.t, event: name.data, data: wire.d };
    } catch {
      log.warn('realtime: ignored a malformed notification');
      return;
    }
    for (const s of subscribers) {
      try {
        s.onEvent(event);
      } catch (err) {
        log.error({ err }, 'realtime: subscriber failed');
      }
    }
  }

  function resync() {
    for (const s of subscribers) {
      try {
        s.onResync();
      } catch (err) {
        log.error({ err }, 'realtime: subscriber failed');
      }
    }
  }

  async function listenPglite(client: PGlite) {
    const unlisten = await client.listen(REALTIME_CHANNEL, receive);
    stopListening = async () => {
      if (!client.closed) await unlisten();
    };
  }

  function listenPostgres(pool: pg.Pool) {
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let failures = 0;
    let lost = false;
    let warned = false;

    const retry = () => {
      if (stopped || timer) return;
      const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures++;
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, delay);
      timer.unref();
    };

    const drop = (c: pg.Client, err?: unknown) => {
      if (client !== c) return;
      client = undefined;
      lost = true;
      // One warning per outage; the probes that follow it every second are debug lines.
      if (!stopped && !warned) {
        warned = true;
        log.warn({ err }, 'realtime: lost the LISTEN connection, trying again every second');
      } else if (!stopped) {
        log.debug({ err }, 'realtime: the database still does not answer');
      }
      c.end().catch(() => undefined);
      retry();
    };

    async function connect() {
      const c = new pg.Client(pool.options);
      c.on('notification', (msg) => {
        if (msg.channel === REALTIME_CHANNEL && msg.payload) receive(msg.payload);
      });
      c.on('error', (err) => drop(c, err));
      c.on('end', () => drop(c));
      client = c;
      try {
        await c.connect();
        await c.query(`LISTEN ${REALTIME_CHANNEL}`);
      } catch (err) {
        drop(c, err);
        return;
      }
      if (stopped) {
        await c.end().catch(() => undefined);
        return;
      }
      failures = 0;
      warned = false;
      if (lost) {
        lost = false;
        log.info('realtime: LISTEN connection restored');
        resync();
      }
    }

    stopListening = async () => {
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    };
    return connect();
  }

  return {
    async publish(q, event) {
      const payload: Wire = { t: event.tenantId, e: event.event, d: event.data };
      await q.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(payload)})`);
    },

    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },

    async start() {
      stopped = false;
      const raw = database.raw;
      if (raw.kind === 'pglite') await listenPglite(raw.client);
      else await listenPostgres(raw.pool);
    },

    async stop() {
      stopped = true;
      subscribers.clear();
      await stopListening?.();
      stopListening = undefined;
    },
  };
}
