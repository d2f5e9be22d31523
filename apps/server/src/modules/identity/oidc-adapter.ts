import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { oidcPayloads } from './oidc.table.ts';

const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/** oidc-provider's storage interface over the `oidc_payloads` table, one instance per model. */
export class DrizzleOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id, kind: this.kind, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: row });
  }

  find(id: string) {
    return this.findOne(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findOne(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findOne(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.grantId, grantId)));
  }

  private async findOne(match: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), match, notExpired))
      .limit(1);
    if (!row) return undefined;
    return {
      ...(row.payload as AdapterPayload),
      // The provider reads `consumed` to detect a code or refresh token used twice.
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  }
}

/** Removes expired provider rows; any server copy may run it, it is idempotent. */
export async function sweepExpiredOidcPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
