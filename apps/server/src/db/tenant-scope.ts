import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Row-level security's second line of tenant isolation (docs/deployment.md, "Row-level
 * security"): whose rows the database work of the current request may touch. The request's
 * scope is set once, where its work starts (`handle()` runs the handler `inScope`), and the
 * app's connections act as a role without BYPASSRLS. On PostgreSQL the app's pool hands out
 * each connection with its session set to the scope of the code that asked for it (a plain
 * statement's, or a transaction's for all its statements), rewritten whenever it differs, so
 * no scope reaches another request on a pooled connection; on PGlite's one connection the
 * app's statements run one at a time, each after the session's scope was set to its own. Work
 * outside any scope sees no tenant's rows at all: a forgotten scope returns nothing, never
 * everything.
 */
export type DbScope = {
  /** The tenants whose rows may be read and written (the path's tenant, or the caller's). */
  readonly tenantIds: readonly string[];
  /** The signed-in user: their own memberships are visible in every tenant. */
  readonly userId?: string;
  /** The super admin's platform screens: every tenant's rows, read only. */
  readonly crossTenantRead?: boolean;
};

/** The role the app acts as (created by migration 0015); it has no BYPASSRLS. */
export const APP_ROLE = 'restaurant_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const storage = new AsyncLocalStorage<DbScope>();

function checked(scope: DbScope): DbScope {
  // The values are inlined into SQL, so nothing but a UUID may pass.
  for (const id of scope.tenantIds) {
    if (!UUID.test(id)) throw new Error('tenant scope: not a UUID');
  }
  if (scope.userId !== undefined && !UUID.test(scope.userId)) {
    throw new Error('user scope: not a UUID');
  }
  return scope;
}

/** Runs `work` with the database scoped to `scope` (nested scopes replace the outer one). */
export function inScope<T>(scope: DbScope, work: () => T | PromiseLike<T>): Promise<T> {
  let valid: DbScope;
  try {
    valid = checked(scope);
  } catch (err) {
    return Promise.reject(err as Error);
  }
  return storage.run(valid, () => {
    try {
      const out = work();
      // A Drizzle query runs when it is awaited: start it here, inside the scope.
      return isThenable(out)
        ? new Promise<T>((resolve, reject) => {
            out.then(resolve, reject);
          })
        : Promise.resolve(out);
    } catch (err) {
      return Promise.reject(err);
    }
  });
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Runs `work` seeing and writing only this tenant's rows. */
export function inTenant<T>(tenantId: string, work: () => T | PromiseLike<T>): Promise<T> {
  return inScope({ tenantIds: [tenantId] }, work);
}

/** The scope of the code that is running, if any. */
export function currentScope(): DbScope | undefined {
  return storage.getStore();
}

/**
 * The statement that sets `scope`: for the rest of the current transaction (`local`), or for
 * the session (PGlite's one connection, which runs the app's statements one at a time). Every
 * setting is written, empty when unused, so nothing of an earlier scope can be left over.
 */
export function scopeStatement(scope: DbScope, opts: { local: boolean }): string {
  const tenants = scope.tenantIds.map((id) => id.toLowerCase()).join(',');
  const local = opts.local ? 'true' : 'false';
  return (
    `select set_config('app.tenant_ids', '${tenants}', ${local}), ` +
    `set_config('app.user_id', '${scope.userId?.toLowerCase() ?? ''}', ${local}), ` +
    `set_config('app.cross_tenant_read', '${scope.crossTenantRead ? 'on' : ''}', ${local})`
  );
}

let tenantFilterOff = false;

/**
 * Test-only: turns the application's own `tenant_id = $n` filters into no-ops in every
 * statement, so a test can show that row-level security alone keeps tenants apart.
 */
export function switchTenantFilterOffForTests(off: boolean): void {
  tenantFilterOff = off;
  rewrites = 0;
}

let rewrites = 0;
/** How many tenant filters were switched off since the switch was last set. */
export function tenantFiltersSwitchedOff(): number {
  return rewrites;
}

// A comparison of a tenant_id column with a parameter in a condition (never in a SET list).
const TENANT_FILTER =
  /(?<=(?:\bwhere|\band|\bor|\bon|\()\s*)((?:"?[A-Za-z_][\w$]*"?\.)?"?tenant_id"?)\s*(=\s*\$\d+(?:::uuid)?|in\s*\((?:\s*\$\d+(?:::uuid)?\s*,?)+\))/gi;

/** The statement as the app wrote it, or with its tenant filters neutralised (tests only). */
export function withTenantFilter(text: string): string {
  if (!tenantFilterOff) return text;
  return text.replace(TENANT_FILTER, (_all, column: string, comparison: string) => {
    rewrites++;
    // The parameter stays referenced, so the statement's parameter list is unchanged.
    return `(${column} ${comparison} or true)`;
  });
}

/**
 * Inside a transaction that has just created a tenant (an outlet's sign-up): that tenant's rows
 * join the transaction's scope, until the transaction ends.
 */
export async function addTenantToTransaction(
  tx: { execute(query: SQL): PromiseLike<unknown> },
  tenantId: string,
): Promise<void> {
  const scope = currentScope() ?? { tenantIds: [] };
  const widened = checked({ ...scope, tenantIds: [...scope.tenantIds, tenantId] });
  await tx.execute(sql.raw(scopeStatement(widened, { local: true })));
}
