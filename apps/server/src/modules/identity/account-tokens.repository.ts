import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountTokens } from './identity.table.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
type Q = Db | Tx;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** The token of this secret and purpose while it is unused and unexpired. */
const usable = (purpose: TokenPurpose, secret: string) =>
  and(
    eq(accountTokens.tokenHash, hashOf(secret)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/** A secret link part is 43 characters of base64url (256 bits); anything else is no token. */
export const isTokenShaped = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

/** Single-use secrets for links sent by e-mail; only their hashes are stored. */
export const accountTokensRepository = {
  /** Makes a token for the user and returns its secret, the part that goes into the link. */
  async issue(
    q: Q,
    input: { userId: string; purpose: TokenPurpose; email: string; ttlMs: number },
  ): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await q.insert(accountTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      tokenHash: hashOf(secret),
      expiresAt: sql`now() + make_interval(secs => ${input.ttlMs / 1000})`,
    });
    return secret;
  },

  /** The token of this secret while it is unused and unexpired, without using it. */
  async peek(q: Q, purpose: TokenPurpose, secret: string) {
    if (!isTokenShaped(secret)) return undefined;
    const [row] = await q.select().from(accountTokens).where(usable(purpose, secret)).limit(1);
    return row;
  },

  /** Uses the token once: of two requests racing with the same link, one gets it. */
  async consume(q: Q, purpose: TokenPurpose, secret: string) {
    if (!isTokenShaped(secret)) return undefined;
    const [row] = await q
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(purpose, secret))
      .returning();
    return row;
  },

  /** Ends the user's other unused links of this purpose (a newer one, or the job is done). */
  async revokeAll(q: Q, userId: string, purpose: TokenPurpose): Promise<void> {
    await q
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      );
  },

  /** When the user's newest token of this purpose was made. */
  async lastIssuedAt(q: Q, userId: string, purpose: TokenPurpose): Promise<Date | undefined> {
    const [row] = await q
      .select({ createdAt: accountTokens.createdAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    return row?.createdAt;
  },
};

export type AccountTokensRepository = typeof accountTokensRepository;
