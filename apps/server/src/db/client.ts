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

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the checked-in SQL migrations that have not run yet. */
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

export type OpenOptions = { databaseUrl?: string; dataDir?: string; memory?: boolean };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // A connection attempt to an unreachable host fails after 5 s instead of hanging a request.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server must not crash the process; requests see the error.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      raw: { kind: 'postgres', pool },
      migrate: () =>
        migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (!opts.memory) {
    if (!opts.dataDir) throw new Error('dataDir is required for the embedded database');
    dataPath = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  const client = dataPath ? await PGlite.create(dataPath) : await PGlite.create();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() }),
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
