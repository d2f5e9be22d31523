import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { databaseErrorSummary, isDatabaseUnavailable } from './errors.ts';
import { actAsApp, ScopedPool } from './scoped-pool.ts';
import { PGLITE_START_PARAMS, pgliteHandles } from './pglite-handles.ts';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `execute` result (PGlite and pg both answer `{ rows }`), as `T`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type Database = {
  /**
   * The app's handle: it acts as the role without BYPASSRLS and runs each statement in the
   * tenant scope of the code that makes it (db/tenant-scope.ts); outside a scope it sees no
   * tenant's rows.
   */
  db: Db;
  /**
   * The owner's handle, beside row-level security: migrations, the demo seed, benchmarks'
   * fixtures and tests' look-ups. Never handed to a service.
   */
  owner: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the checked-in SQL migrations that have not run yet (as the owner). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A second connection for LISTEN (PostgreSQL), or the same one (PGlite). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
};

/** The migrations folder beside the source, or beside the bundled server in dist. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`SQL migrations not found near ${here}`);
  return found;
}

/** How long PostgreSQL and its client wait (config.ts: DATABASE_*_TIMEOUT_SECONDS). */
export type DatabaseTimeouts = {
  /** The server cancels a statement running longer (SQLSTATE 57014). */
  statementMs: number;
  /** The server ends a session idle inside a transaction this long. */
  idleInTransactionMs: number;
  /** TCP keepalive's first probe after this much silence. */
  keepAliveMs: number;
};
export const DATABASE_TIMEOUT_DEFAULTS: DatabaseTimeouts = {
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
  keepAliveMs: 10_000,
};
/**
 * How much longer than its own statement timeout the client waits for any answer: a server
 * that cancels a statement answers within it; one that says nothing (stopped, partitioned)
 * has its connection dropped then, so the statement fails and the request answers 503.
 */
const CLIENT_GRACE_MS = 2_000;

export type OpenOptions = {
  databaseUrl?: string;
  /** Who migrates and seeds (the tables' owner); DATABASE_URL's user when not given. */
  ownerUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /**
   * An in-memory database started from this dump of a data folder (PGlite's `dumpDataDir`)
   * instead of an empty cluster: the tests' migrated template, about 3 s faster a file.
   */
  memoryFrom?: Blob;
  /** PostgreSQL only; DATABASE_TIMEOUT_DEFAULTS when not given. */
  timeouts?: DatabaseTimeouts;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const t = opts.timeouts ?? DATABASE_TIMEOUT_DEFAULTS;
    // A connection attempt to an unreachable host fails after 5 s instead of hanging a request;
    // a statement the server does not finish or answer fails within its timeouts.
    const pool = new ScopedPool({
      onConnect: actAsApp,
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      statement_timeout: t.statementMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      query_timeout: t.statementMs + CLIENT_GRACE_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: t.keepAliveMs,
    });
    // An idle client losing its server must not crash the process; requests see the error.
    pool.on('error', () => undefined);
    // Migrations and the demo seed may run long: no statement timeout, keepalive only.
    const ownerPool = new pg.Pool({
      connectionString: opts.ownerUrl ?? opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: t.keepAliveMs,
      // The owner may be no superuser: its sessions pass the policies' maintenance clause.
      onConnect: async (client) => {
        client.on('error', () => undefined);
        await client.query(`select set_config('app.maintenance', 'on', false)`);
      },
    });
    ownerPool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const owner = drizzlePg(ownerPool, { schema });
    return {
      db,
      owner: owner as unknown as Db,
      kind: 'postgres',
      raw: { kind: 'postgres', pool },
      migrate: () => migratePg(owner, { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.all([pool.end(), ownerPool.end()]);
      },
    };
  }
  let dataPath: string | undefined;
  if (!opts.memory) {
    if (!opts.dataDir) throw new Error('dataDir is required for the embedded database');
    dataPath = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  const startParams = [...PGLITE_START_PARAMS];
  const client = dataPath
    ? await PGlite.create(dataPath, { startParams })
    : await PGlite.create({ startParams, loadDataDir: opts.memoryFrom });
  const handles = pgliteHandles(client);
  const db = drizzlePglite(handles.app as PGlite, { schema }) as unknown as Db;
  const owner = drizzlePglite(handles.owner as PGlite, { schema });
  let closed = false;
  return {
    db,
    owner: owner as unknown as Db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    migrate: () => migratePglite(owner, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      if (closed || client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export type RetryOptions = {
  /** Total time to keep trying before giving up. */
  timeoutMs: number;
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

/**
 * Runs `task` (the start-up's first touch of the database) again while the database cannot be
 * reached, waiting 0.5 s doubling to 10 s between attempts, for at most `timeoutMs`; any other
 * error (a wrong password, a failed migration) stops at once.
 */
export async function retryWhileUnavailable<T>(
  task: () => Promise<T>,
  opts: RetryOptions,
): Promise<T> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const left = opts.timeoutMs - (now() - started);
      const code = databaseErrorSummary(err)?.code ?? 'unavailable';
      if (left <= 0) {
        throw new Error(
          `database still not reachable after ${Math.round(opts.timeoutMs / 1000)} s (${code})`,
          { cause: err },
        );
      }
      const wait = Math.min(500 * 2 ** (attempt - 1), 10_000, left);
      opts.log(
        `database not reachable (${code}), attempt ${attempt}; retrying in ${Math.round(wait / 100) / 10} s`,
      );
      await sleep(wait);
    }
  }
}
