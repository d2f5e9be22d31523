import { and, asc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oidcKeys, oidcPayloads } from './oidc.table.ts';

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

export type OidcKeyRow = typeof oidcKeys.$inferSelect;

/** The writes of the key set while it is locked (OidcKeysRepository.whileLocked). */
export type OidcKeyWrites = {
  insert(row: Pick<OidcKeyRow, 'id' | 'kind' | 'material'>): Promise<void>;
  setMaterial(id: string, material: OidcKeyRow['material']): Promise<void>;
};

/** The embedded provider's signing keys and cookie secrets in `oidc_keys`. */
export function createOidcKeysRepository(db: Db) {
  return {
    /** The stored keys, oldest first. */
    all(): Promise<OidcKeyRow[]> {
      return db.select().from(oidcKeys).orderBy(asc(oidcKeys.createdAt));
    },

    /**
     * Runs `work` with the keys stored now, in one transaction alone among servers starting at
     * the same time (a transaction-scoped advisory lock).
     */
    async whileLocked(
      work: (current: OidcKeyRow[], writes: OidcKeyWrites) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7262002)`);
        const current = await tx.select().from(oidcKeys);
        await work(current, {
          async insert(row) {
            await tx.insert(oidcKeys).values(row);
          },
          async setMaterial(id, material) {
            await tx.update(oidcKeys).set({ material }).where(eq(oidcKeys.id, id));
          },
        });
      });
    },
  };
}

export type OidcKeysRepository = ReturnType<typeof createOidcKeysRepository>;
