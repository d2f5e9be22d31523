import { APP_ROLE } from './tenant-scope.ts';

/**
 * The app's connections act as APP_ROLE, which migration 0015 creates without BYPASSRLS; these
 * check that it really is such a role and say what to do when it cannot be taken.
 */
export function roleError(err: unknown): Error {
  const why = err instanceof Error ? err.message : String(err);
  return new Error(
    `cannot act as the database role ${APP_ROLE} (${why}): run the migrations, which create it, ` +
      `and grant it to the user of DATABASE_URL (docs/deployment.md, "Row-level security")`,
    { cause: err },
  );
}

// A role that bypasses row-level security would make the second line silently absent.
export const BYPASS_CHECK = `select rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user`;
export function refuseBypass(row: unknown): void {
  if ((row as { bypass?: unknown } | undefined)?.bypass !== false) {
    throw new Error(`${APP_ROLE} must be no superuser and have NOBYPASSRLS`);
  }
}
