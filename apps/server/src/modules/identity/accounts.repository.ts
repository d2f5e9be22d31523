import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Language, MembershipRole } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { memberships, tenants, users } from './identity.table.ts';
import { oidcPayloads } from './oidc.table.ts';

export type UserRecord = typeof users.$inferSelect;
/** A role in one tenant, with whether that tenant's menu comes from a point of sale. */
export type MembershipRecord = {
  tenantId: string;
  role: MembershipRole;
  isIntegrated: boolean;
  /** false: the super admin deactivated the tenant; its staff are refused. */
  active: boolean;
};

const membershipColumns = {
  tenantId: memberships.tenantId,
  role: memberships.role,
  isIntegrated: tenants.isIntegrated,
  active: tenants.active,
};

/**
 * Users and their memberships, as sign-in and the request guard need them. A user's
 * memberships are read in that user's own scope, before any tenant is chosen.
 */
export function createAccountsRepository(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRecord | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** The user's memberships, oldest first: the first is the user's "own" tenant. */
    async membershipsOf(userId: string): Promise<MembershipRecord[]> {
      return inScope({ tenantIds: [], userId }, () =>
        db
          .select(membershipColumns)
          .from(memberships)
          .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
          .where(eq(memberships.userId, userId))
          .orderBy(asc(memberships.createdAt), asc(memberships.tenantId)),
      );
    },

    async membership(userId: string, tenantId: string): Promise<MembershipRecord | undefined> {
      const [row] = await inScope({ tenantIds: [], userId }, () =>
        db
          .select(membershipColumns)
          .from(memberships)
          .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
          .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
          .limit(1),
      );
      return row;
    },

    async tenantExists(tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row !== undefined;
    },

    /** A self-registered account, its address not verified yet. */
    async insertUser(input: { email: string; displayName: string; passwordHash: string }) {
      const [row] = await db
        .insert(users)
        .values({ ...input, emailVerified: false })
        .returning();
      if (!row) throw new Error('user not created');
      return row;
    },

    /** The sign-in page's language, and a moved legacy account's banner ends. */
    async recordSignIn(userId: string, language: Language | null) {
      await db
        .update(users)
        .set({
          signInLanguage: language,
          isLegacyEmail: sql`${users.isLegacyEmail} and ${users.linkedLegacyEmail} is null`,
        })
        .where(eq(users.id, userId));
    },

    /** Stamps (or puts back) when the last verification e-mail went out. */
    async setVerificationSentAt(userId: string, at: Date | null | 'now') {
      await db
        .update(users)
        .set({ verificationSentAt: at === 'now' ? sql`now()` : at })
        .where(eq(users.id, userId));
    },

    /** Stamps a verification send unless one went out within `spacingSeconds`; one racer wins. */
    async claimVerificationSend(userId: string, spacingSeconds: number): Promise<boolean> {
      const spacing = sql`now() - make_interval(secs => ${spacingSeconds})`;
      const [claimed] = await db
        .update(users)
        .set({ verificationSentAt: sql`now()` })
        .where(
          and(
            eq(users.id, userId),
            sql`(${users.verificationSentAt} is null or ${users.verificationSentAt} <= ${spacing})`,
          ),
        )
        .returning({ id: users.id });
      return claimed !== undefined;
    },

    /** A new password; every session, grant and issued access token of the user ends. */
    async setPasswordEndingSessions(tx: Tx, userId: string, passwordHash: string) {
      await tx
        .update(users)
        .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, userId));
      await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
    },

    /** Marks the address verified if it still is the account's; its address, or undefined. */
    async verifyEmail(tx: Tx, userId: string, email: string): Promise<string | undefined> {
      const [row] = await tx
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
        .returning({ email: users.email });
      return row?.email;
    },

    /** Moves a legacy account to a new address once; undefined when it was moved already. */
    async migrateLegacyEmail(
      userId: string,
      input: { email: string; displayName: string; legacyEmail: string; stampSent: boolean },
    ) {
      const [row] = await db
        .update(users)
        .set({
          email: input.email,
          displayName: input.displayName,
          linkedLegacyEmail: input.legacyEmail,
          emailVerified: false,
          emailSetAt: sql`now()`,
          verificationSentAt: input.stampSent ? sql`now()` : null,
        })
        .where(
          and(eq(users.id, userId), eq(users.isLegacyEmail, true), isNull(users.linkedLegacyEmail)),
        )
        .returning();
      return row;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
