import pg from 'pg';
import { isDatabaseUnavailable } from './errors.ts';
import {
  APP_ROLE,
  currentScope,
  scopeStatement,
  withTenantFilter,
  type DbScope,
} from './tenant-scope.ts';
import { BYPASS_CHECK, refuseBypass, roleError } from './app-role.ts';

const READ_TIMEOUT = /^Query read timeout/;
type PgResult = { rows: unknown[] };
type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * What each connection of the app's pool notices of its own statements, installed once when it
 * connects: a statement whose answer did not come within pg's `query_timeout` (a server gone
 * silent) ends the connection, which pg does by dropping its socket, so it never goes back to
 * the pool still waiting; and, for one test only, the statement's tenant filters switched off
 * (`withTenantFilter`, the identity otherwise).
 */
function watchStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as unknown as QueryFn;
  const watched: QueryFn = (config, values, callback) => {
    const result = query(filteredConfig(config), values, callback);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && READ_TIMEOUT.test(err.message)) {
          (client as pg.Client).end().catch(() => undefined);
        }
      });
    }
    return result;
  };
  client.query = watched as unknown as pg.ClientBase['query'];
}

/** Drizzle's statement, with its tenant filters off when a test asked so. */
function filteredConfig(config: unknown): unknown {
  if (typeof config === 'string') return withTenantFilter(config);
  if (typeof config === 'object' && config !== null && 'text' in config) {
    const text = (config as { text: unknown }).text;
    if (typeof text === 'string') {
      const rewritten = withTenantFilter(text);
      if (rewritten === text) return config;
      // A submittable (the report export's cursor) keeps its own object and events.
      if ('submit' in config) return Object.assign(config, { text: rewritten });
      // A named statement's name is for its own text only (db/prepared.ts).
      return { ...config, text: rewritten, name: undefined };
    }
  }
  return config;
}

/** What the session of each pooled connection was last scoped to (db/tenant-scope.ts). */
const sessionScopes = new WeakMap<pg.ClientBase, string>();
// A fresh session reads the settings as empty: no scope.
const UNSCOPED = scopeStatement({ tenantIds: [] }, { local: false });

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * The app's pool. A connection is handed out with its session scoped to the tenant scope of
 * the code that asked for it (nothing outside a scope): a plain statement, which pg's pool runs
 * on a connection of its own, and a transaction, which Drizzle runs on one it checks out, both
 * pass here. The scope is written only when it differs from the one the session already has,
 * so a connection serving one tenant costs no extra round trip, and no scope is ever left over
 * for the next request.
 */
export class ScopedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // Taken now: a waiting checkout is answered later, from whoever released a connection.
    const scoped = this.checkout(currentScope());
    if (!callback) return scoped;
    scoped.then(
      (client) => callback(undefined, client, client.release),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  private async checkout(scope: DbScope | undefined): Promise<pg.PoolClient> {
    const client = await super.connect();
    const wanted = scope ? scopeStatement(scope, { local: false }) : UNSCOPED;
    if (sessionScopes.get(client) === wanted) return client;
    try {
      sessionScopes.delete(client);
      await client.query(wanted);
      sessionScopes.set(client, wanted);
      return client;
    } catch (err) {
      client.release(isDatabaseUnavailable(err));
      throw err;
    }
  }
}

/** Each connection of the app's pool acts as the restricted role from the start. */
export async function actAsApp(client: pg.ClientBase): Promise<void> {
  // A server gone while a client is checked out between statements (a transaction's) must not
  // crash the process: its next statement fails, and the pool drops it.
  client.on('error', () => undefined);
  try {
    const results = (await client.query(
      `set role ${APP_ROLE}; ${BYPASS_CHECK}`,
    )) as unknown as PgResult[];
    refuseBypass(results[1]?.rows[0]);
  } catch (err) {
    throw isDatabaseUnavailable(err) ? err : roleError(err);
  }
  sessionScopes.set(client, UNSCOPED);
  watchStatements(client);
}
