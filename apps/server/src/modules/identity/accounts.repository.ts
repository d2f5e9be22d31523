import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
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
  /**
   * Who may sign in with this address: its verified holder alone, or else the accounts that
   * gave it without verifying it (an unverified address reserves nothing), newest first.
   */
  async function signInCandidates(email: string, limit = 5): Promise<UserRecord[]> {
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .orderBy(desc(users.emailVerified), desc(users.createdAt))
      .limit(limit);
    return rows[0]?.emailVerified ? rows.slice(0, 1) : rows;
  }

  return {
    /** The account that signs in with this address: the first of `signInCandidates`. */
    findUserByEmail: async (email: string): Promise<UserRecord | undefined> =>
      (await signInCandidates(email, 1))[0],

    signInCandidates,

    /** Whether an account other than `exceptUserId` holds the address verified. */
    async verifiedHolderExists(email: string, exceptUserId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = lower(${email})`,
            eq(users.emailVerified, true),
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
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

    /**
     * Verifies the address a link was sent to, if it still is the account's: its sign-in address
     * (marked verified), or the address it asked to move to (it becomes the sign-in, a legacy
     * address is kept as linked). The address, or undefined when the link is for neither. A
     * verified holder elsewhere fails the unique index (users_verified_email_lower_idx).
     */
    async verifyEmail(tx: Tx, userId: string, email: string): Promise<string | undefined> {
      const [current] = await tx
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
        .returning({ email: users.email });
      if (current) return current.email;
      const [moved] = await tx
        .update(users)
        .set({
          email: users.pendingEmail,
          pendingEmail: null,
          emailVerified: true,
          emailSetAt: sql`now()`,
          linkedLegacyEmail: sql`case when ${users.isLegacyEmail} then ${users.email} else ${users.linkedLegacyEmail} end`,
        })
        .where(and(eq(users.id, userId), sql`lower(${users.pendingEmail}) = lower(${email})`))
        .returning({ email: users.email });
      return moved?.email;
    },

    /**
     * A legacy account asks to move to a new address (and gives its owner's name): the address
     * waits for its link; the account keeps signing in with the legacy one until then. Asked
     * again, the newer address replaces the waiting one. Undefined when the account was moved.
     */
    async requestEmailMove(
      userId: string,
      input: { email: string; displayName: string; stampSent: boolean },
    ) {
      const [row] = await db
        .update(users)
        .set({
          pendingEmail: input.email,
          displayName: input.displayName,
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
