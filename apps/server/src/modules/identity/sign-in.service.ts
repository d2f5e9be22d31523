import argon2 from 'argon2';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { signInAttempts } from './oidc.table.ts';

export type SignInLimits = {
  perEmailAndIp: number;
  perEmail: number;
  perIp: number;
  windowSeconds: number;
};

export const SIGN_IN_LIMITS: SignInLimits = {
  /** Failed tries for one email from one address within the window. */
  perEmailAndIp: 10,
  /** Failed tries for one email from any address (a spoofed X-Forwarded-For changes nothing). */
  perEmail: 50,
  /** Failed tries from one address over all emails (password spraying). */
  perIp: 100,
  windowSeconds: 15 * 60,
};

export type SignInResult =
  { outcome: 'signed-in'; userId: string } | { outcome: 'invalid' } | { outcome: 'limited' };

// Verified against when the email is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= argon2.hash('not-a-password', { type: argon2.argon2id }));

/**
 * Checks an email and password. Failures are counted in the database per email + address, per
 * email and per address, so every server copy enforces the same limits; a success clears the
 * email + address count.
 */
export function createSignInService(deps: {
  db: Db;
  accounts: AccountsRepository;
  limits?: SignInLimits;
}) {
  const { db, accounts, limits = SIGN_IN_LIMITS } = deps;
  const normal = (email: string) => email.trim().toLowerCase();
  const emailIpKey = (email: string, ip: string) => `ei:${normal(email)}|${ip}`;
  const emailKey = (email: string) => `e:${normal(email)}`;
  const ipKey = (ip: string) => `ip:${ip}`;
  const limitOf = (key: string) =>
    key.startsWith('ei:')
      ? limits.perEmailAndIp
      : key.startsWith('e:')
        ? limits.perEmail
        : limits.perIp;

  async function isLimited(email: string, ip: string): Promise<boolean> {
    const rows = await db
      .select({ key: signInAttempts.key, failures: signInAttempts.failures })
      .from(signInAttempts)
      .where(
        and(
          inArray(signInAttempts.key, [emailIpKey(email, ip), emailKey(email), ipKey(ip)]),
          gt(signInAttempts.windowEndsAt, sql`now()`),
        ),
      );
    return rows.some((r) => r.failures >= limitOf(r.key));
  }

  async function recordFailure(key: string): Promise<void> {
    const windowEnd = sql`now() + make_interval(secs => ${limits.windowSeconds})`;
    const expired = sql`${signInAttempts.windowEndsAt} <= now()`;
    await db
      .insert(signInAttempts)
      .values({ key, failures: 1, windowEndsAt: windowEnd })
      .onConflictDoUpdate({
        target: signInAttempts.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${signInAttempts.failures} + 1 end`,
          windowEndsAt: sql`case when ${expired} then ${windowEnd} else ${signInAttempts.windowEndsAt} end`,
        },
      });
  }

  return {
    isLimited,

    async signIn(email: string, password: string, ip: string): Promise<SignInResult> {
      if (await isLimited(email, ip)) return { outcome: 'limited' };
      const user = email.length > 0 ? await accounts.findUserByEmail(email.trim()) : undefined;
      const hash = user?.passwordHash ?? (await decoy());
      const matches = await argon2.verify(hash, password).catch(() => false);
      if (user?.passwordHash && matches) {
        await db.delete(signInAttempts).where(eq(signInAttempts.key, emailIpKey(email, ip)));
        return { outcome: 'signed-in', userId: user.id };
      }
      for (const key of [emailIpKey(email, ip), emailKey(email), ipKey(ip)]) {
        await recordFailure(key);
      }
      return { outcome: 'invalid' };
    },

    /** Forgets windows that ended; any server copy may run it. */
    async sweep(): Promise<void> {
      await db.delete(signInAttempts).where(lt(signInAttempts.windowEndsAt, sql`now()`));
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
