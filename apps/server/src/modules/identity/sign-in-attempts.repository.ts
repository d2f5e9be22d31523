import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInAttempts } from './oidc.table.ts';

/** Failed sign-in counts per key (email + address, email, address) within a time window. */
export function createSignInAttemptsRepository(db: Db) {
  return {
    /** The failures of each key whose window has not ended. */
    async failures(keys: string[]) {
      return db
        .select({ key: signInAttempts.key, failures: signInAttempts.failures })
        .from(signInAttempts)
        .where(and(inArray(signInAttempts.key, keys), gt(signInAttempts.windowEndsAt, sql`now()`)));
    },

    /**
     * One more failure (or attempt), in the key's window, or the first of a new window once it
     * ended; the count in the window.
     */
    async recordFailure(key: string, windowSeconds: number): Promise<number> {
      const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
      const expired = sql`${signInAttempts.windowEndsAt} <= now()`;
      const [row] = await db
        .insert(signInAttempts)
        .values({ key, failures: 1, windowEndsAt: windowEnd })
        .onConflictDoUpdate({
          target: signInAttempts.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${signInAttempts.failures} + 1 end`,
            windowEndsAt: sql`case when ${expired} then ${windowEnd} else ${signInAttempts.windowEndsAt} end`,
          },
        })
        .returning({ failures: signInAttempts.failures });
      return row?.failures ?? 0;
    },

    async clear(key: string) {
      await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
    },

    /** Forgets windows that ended. */
    async sweep() {
      await db.delete(signInAttempts).where(lt(signInAttempts.windowEndsAt, sql`now()`));
    },
  };
}

export type SignInAttemptsRepository = ReturnType<typeof createSignInAttemptsRepository>;
