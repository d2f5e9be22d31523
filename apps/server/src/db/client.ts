import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { databaseErrorSummary, isDatabaseUnavailable } from './errors.ts';
import {
  APP_ROLE,
  currentScope,
  scopeStatement,
  withTenantFilter,
  type DbScope,
} from './tenant-scope.ts';

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
const READ_TIMEOUT = /^Query read timeout/;

/** pg's `query_timeout` fails the statement but leaves the connection waiting: drop it. */
function dropOnReadTimeout(client: pg.ClientBase, query: QueryFn): QueryFn {
  return (config, values, callback) => {
    const result = query(config, values, callback);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && READ_TIMEOUT.test(err.message)) {
          // The socket, not `end()`: a server that answers nothing would never close it.
          (
            client as unknown as { connection?: { stream?: { destroy(): void } } }
          ).connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
}

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

function roleError(err: unknown): Error {
  const why = err instanceof Error ? err.message : String(err);
  return new Error(
    `cannot act as the database role ${APP_ROLE} (${why}): run the migrations, which create it, ` +
      `and grant it to the user of DATABASE_URL (docs/deployment.md, "Row-level security")`,
    { cause: err },
  );
}

// A role that bypasses row-level security would make the second line silently absent.
const BYPASS_CHECK = `select rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user`;
function refuseBypass(row: unknown): void {
  if ((row as { bypass?: unknown } | undefined)?.bypass !== false) {
    throw new Error(`${APP_ROLE} must be no superuser and have NOBYPASSRLS`);
  }
}

export type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type PgResult = { rows: unknown[] };
const RAW_QUERY = Symbol('rawQuery');
const SESSION_SCOPE = Symbol('sessionScope');
type AppClient = pg.PoolClient & {
  [RAW_QUERY]?: (text: string) => Promise<PgResult>;
  /** The scope statement the session's settings were last set by; undefined when unknown. */
  [SESSION_SCOPE]?: string;
};
const BEGIN = /^\s*begin\b/i;

/** Drizzle's statement, with its tenant filters off when a test asked so. */
function filteredConfig(config: unknown): unknown {
  if (typeof config === 'string') return withTenantFilter(config);
  if (typeof config === 'object' && config !== null && 'text' in config) {
    const text = (config as { text: unknown }).text;
    if (typeof text === 'string') {
      const rewritten = withTenantFilter(text);
      if (rewritten === text) return config;
      // A submittable query (the report export's row stream) keeps its own object and events.
      if (config instanceof pg.Query) return Object.assign(config, { text: rewritten });
      return { ...config, text: rewritten };
    }
  }
  return config;
}

/**
 * A pool client's query, its promise statements sent one at a time: a statement given while
 * another runs (Promise.all inside a transaction) waits here for its turn, as pg's own queue
 * would, since pg 9 refuses a query on a busy client. Callbacks and submittables (a row
 * stream returns itself, not a promise) go straight to the client.
 */
export function oneAtATime(
  raw: QueryFn,
  send: (config: unknown, values: unknown) => Promise<unknown> = (config, values) =>
    raw(config, values) as Promise<unknown>,
): QueryFn {
  let previous: Promise<unknown> = Promise.resolve();
  return (config, values, callback) => {
    if (
      callback !== undefined ||
      typeof values === 'function' ||
      (typeof config === 'object' && config !== null && 'submit' in config)
    )
      return raw(config, values, callback);
    const run = () => send(config, values);
    const result = previous.then(run, run);
    previous = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}

/**
 * A client of the app's pool: a transaction Drizzle begins on it starts with the scope's
 * settings, sent with the `begin` itself (one round trip).
 */
function scopedClientQuery(raw: QueryFn): QueryFn {
  return oneAtATime(raw, send);

  function send(config: unknown, values: unknown): Promise<unknown> {
    const statement = filteredConfig(config);
    // `client.query('begin read only')` begins a transaction as well as Drizzle's `{ text }`.
    const text =
      typeof statement === 'string'
        ? { text: statement }
        : typeof statement === 'object' && statement !== null
          ? statement
          : undefined;
    // Also outside a scope: the session may still hold the scope of its last plain statement.
    const scope = currentScope() ?? { tenantIds: [] };
    if (
      text &&
      'text' in text &&
      typeof text.text === 'string' &&
      BEGIN.test(text.text) &&
      !('name' in text && text.name) &&
      (values === undefined || (Array.isArray(values) && values.length === 0))
    ) {
      const withScope = {
        ...text,
        text: `${text.text}; ${scopeStatement(scope, { local: true })}`,
      };
      return (raw(withScope, values) as Promise<PgResult | PgResult[]>).then((r) =>
        Array.isArray(r) ? r[0] : r,
      );
    }
    return raw(statement, values) as Promise<unknown>;
  }
}

/**
 * The app's pool: each connection acts as the restricted role from the start; a transaction
 * sets its scope for itself (local settings sent with its `begin`), a plain statement runs on a
 * session set to its scope.
 */
function createAppPool(config: pg.PoolConfig): pg.Pool {
  const onConnect = async (connected: pg.ClientBase) => {
    const client = connected as AppClient;
    // A server gone while a client is checked out between statements (a scoped statement's
    // transaction) must not crash the process: its next statement fails, and the pool drops it.
    client.on('error', () => undefined);
    const raw = dropOnReadTimeout(client, client.query.bind(client) as unknown as QueryFn);
    try {
      const results = (await raw(`set role ${APP_ROLE}; ${BYPASS_CHECK}`)) as PgResult[];
      refuseBypass(results[1]?.rows[0]);
    } catch (err) {
      throw isDatabaseUnavailable(err) ? err : roleError(err);
    }
    client[RAW_QUERY] = (text: string) => raw(text) as Promise<PgResult>;
    client.query = scopedClientQuery(raw) as unknown as pg.PoolClient['query'];
  };
  // pg-pool runs onConnect on every new connection before handing it out.
  const pool = new pg.Pool({ ...config, onConnect });

  // A fresh session reads the settings as empty: no scope.
  const unscoped = scopeStatement({ tenantIds: [] }, { local: false });

  /**
   * A plain statement runs on a client whose session settings are its scope (none outside a
   * scope). Each client remembers what its session was last set to and writes it again only
   * when the statement's scope differs: one round trip while a connection serves one tenant,
   * and never a leftover scope, since every plain statement of this pool passes here.
   */
  async function sessionScopedQuery(scope: DbScope | undefined, config: unknown, values: unknown) {
    const client = (await pool.connect()) as AppClient;
    const raw = client[RAW_QUERY]!;
    let destroy = false;
    try {
      const wanted = scope ? scopeStatement(scope, { local: false }) : unscoped;
      if ((client[SESSION_SCOPE] ?? unscoped) !== wanted) {
        client[SESSION_SCOPE] = undefined;
        await raw(wanted);
        client[SESSION_SCOPE] = wanted;
      }
      return await (client.query as unknown as QueryFn)(config, values);
    } catch (err) {
      if (isDatabaseUnavailable(err)) destroy = true;
      throw err;
    } finally {
      client.release(destroy);
    }
  }

  const query: QueryFn = (statement, values, callback) => {
    const done = typeof values === 'function' ? values : callback;
    const params = typeof values === 'function' ? undefined : values;
    const result = sessionScopedQuery(currentScope(), statement, params);
    if (typeof done !== 'function') return result;
    result.then(
      (res) => done(null, res),
      (err: unknown) => done(err),
    );
    return undefined;
  };
  return Object.assign(pool, { query: query as unknown as pg.Pool['query'] });
}

type PgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The one PGlite connection, seen two ways. The app's handle acts as the restricted role and
 * runs its statements one at a time (PGlite runs them one at a time anyway); the scope
 * settings of the session are rewritten before any statement whose scope differs from the
 * last one written, so every statement runs in exactly its own scope at the cost of no extra
 * statement while the scope stays the same. The owner's handle runs each statement in a
 * transaction back to the session's own superuser role.
 */
function pgliteHandles(client: PGlite): { app: PgliteClient; owner: PgliteClient } {
  let actingAsApp: Promise<void> | undefined;
  const actAsApp = () =>
    (actingAsApp ??= client.exec(`set role ${APP_ROLE}; ${BYPASS_CHECK}`).then(
      (results) => refuseBypass(results[1]?.rows[0]),
      (err: unknown) => {
        actingAsApp = undefined;
        throw roleError(err);
      },
    ));
  const filtered = (tx: Transaction): Transaction =>
    Object.create(tx, {
      query: {
        value: (text: string, params?: unknown[], options?: QueryOptions) =>
          tx.query(withTenantFilter(text), params, options),
      },
    }) as Transaction;

  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };
  // A session that never set them reads the settings as empty: no scope.
  const unscoped = scopeStatement({ tenantIds: [] }, { local: false });
  let written = unscoped;
  const enter = async (scope: DbScope | undefined) => {
    const statement = scope ? scopeStatement(scope, { local: false }) : unscoped;
    if (statement === written) return;
    written = '';
    await client.exec(statement);
    written = statement;
  };

  const app = {
    async query(text: string, params?: unknown[], options?: QueryOptions) {
      await actAsApp();
      const scope = currentScope();
      return inTurn(async () => {
        await enter(scope);
        return client.query(withTenantFilter(text), params, options);
      });
    },
    async transaction<T>(work: (tx: Transaction) => Promise<T>) {
      await actAsApp();
      const scope = currentScope();
      return inTurn(async () => {
        await enter(scope);
        return client.transaction((tx) => work(filtered(tx)));
      });
    },
  };
  // Once the session acts as the app, the owner's statements step back for their transaction.
  const owner = {
    async query(text: string, params?: unknown[], options?: QueryOptions) {
      if (!actingAsApp) return client.query(text, params, options);
      return client.transaction(async (tx) => {
        await tx.exec('set local role none');
        return tx.query(text, params, options);
      });
    },
    async transaction<T>(work: (tx: Transaction) => Promise<T>) {
      return client.transaction(async (tx) => {
        if (actingAsApp) await tx.exec('set local role none');
        return work(tx);
      });
    },
  };
  return { app: app as unknown as PgliteClient, owner: owner as unknown as PgliteClient };
}

/**
 * PGlite's own start parameters, and: new WAL files are not zero-filled (`wal_init_zero=off`).
 * PGlite runs PostgreSQL in this thread, so filling each new 16 MB WAL segment with zeros
 * stopped the whole server for 0.3 to 0.5 s every 16 MB written (a big menu import: several
 * times); PostgreSQL then extends the file as it writes, which is as safe (fsync is off in
 * PGlite anyway).
 */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'wal_init_zero=off',
];

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const t = opts.timeouts ?? DATABASE_TIMEOUT_DEFAULTS;
    // A connection attempt to an unreachable host fails after 5 s instead of hanging a request;
    // a statement the server does not finish or answer fails within its timeouts.
    const pool = createAppPool({
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
        client.query = oneAtATime(
          client.query.bind(client) as unknown as QueryFn,
        ) as unknown as pg.PoolClient['query'];
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
