import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import {
  APP_ROLE,
  currentScope,
  scopeStatement,
  withTenantFilter,
  type DbScope,
} from './tenant-scope.ts';
import { BYPASS_CHECK, refuseBypass, roleError } from './app-role.ts';

type PgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The one PGlite connection, seen two ways. The app's handle acts as the restricted role and
 * runs its statements one at a time (PGlite runs them one at a time anyway); the scope
 * settings of the session are rewritten before any statement whose scope differs from the
 * last one written, so every statement runs in exactly its own scope at the cost of no extra
 * statement while the scope stays the same. The owner's handle runs each statement in a
 * transaction back to the session's own superuser role.
 */
export function pgliteHandles(client: PGlite): { app: PgliteClient; owner: PgliteClient } {
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
export const PGLITE_START_PARAMS = [
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
