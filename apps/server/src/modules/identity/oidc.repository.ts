import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oidcPayloads } from './oidc.table.ts';

/** The columns of a provider row besides its model and id. */
export type OidcPayloadRow = Omit<typeof oidcPayloads.$inferInsert, 'id' | 'kind' | 'consumedAt'>;
/** The columns a provider row is found by. */
export type OidcPayloadKey = 'id' | 'uid' | 'userCode';

const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));
const ofModel = (kind: string, match: SQL) => and(eq(oidcPayloads.kind, kind), match);

/** The embedded OIDC provider's rows in `oidc_payloads`, one model (`kind`) at a time. */
export function createOidcPayloadsRepository(db: Db) {
  return {
    async upsert(kind: string, id: string, row: OidcPayloadRow): Promise<void> {
      await db
        .insert(oidcPayloads)
        .values({ id, kind, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: row });
    },

    /** The unexpired row of this model whose `key` column holds `value`. */
    async findOne(kind: string, key: OidcPayloadKey, value: string) {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(ofModel(kind, eq(oidcPayloads[key], value)), notExpired))
        .limit(1);
      return row;
    },

    async consume(kind: string, id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(ofModel(kind, eq(oidcPayloads.id, id)));
    },

    async destroy(kind: string, id: string): Promise<void> {
      await db.delete(oidcPayloads).where(ofModel(kind, eq(oidcPayloads.id, id)));
    },

    async revokeByGrantId(kind: string, grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(ofModel(kind, eq(oidcPayloads.grantId, grantId)));
    },

    /** Removes expired provider rows; any server copy may run it, it is idempotent. */
    async sweepExpired(): Promise<void> {
      await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
    },
  };
}

export type OidcPayloadsRepository = ReturnType<typeof createOidcPayloadsRepository>;
