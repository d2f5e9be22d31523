import argon2 from 'argon2';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SignInAttemptsRepository } from './sign-in-attempts.repository.ts';

export type SignInLimits = {
  perEmailAndIp: number;
  perIp: number;
  perEmailSlowAfter: number;
  perEmailFirstDelayMs: number;
  perEmailMaxDelayMs: number;
  windowSeconds: number;
};

export const SIGN_IN_LIMITS: SignInLimits = {
  /** Failed tries for one email from one address within the window; then refused. */
  perEmailAndIp: 10,
  /** Failed tries from one address over all emails (password spraying); then refused. */
  perIp: 100,
  /**
   * Failed tries for one email from any address after which every try for it waits, doubling
   * from the first delay to the bound. A wait, not a refusal: an attacker spreading guesses
   * over many addresses cannot lock the real user out, and a known device does not wait.
   */
  perEmailSlowAfter: 10,
  perEmailFirstDelayMs: 250,
  perEmailMaxDelayMs: 4000,
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
 * email + address count (the per-email count stays: the guessing may go on).
 */
export function createSignInService(deps: {
  accounts: AccountsRepository;
  attempts: SignInAttemptsRepository;
  limits?: SignInLimits;
  /** How a try waits; tests record instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { accounts, attempts, limits = SIGN_IN_LIMITS } = deps;
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : r())));
  const normal = (email: string) => email.trim().toLowerCase();
  const emailIpKey = (email: string, ip: string) => `ei:${normal(email)}|${ip}`;
  const emailKey = (email: string) => `e:${normal(email)}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  /** The wait before checking a password for an email with this many recent failures. */
  function delayFor(failures: number): number {
    const over = failures - limits.perEmailSlowAfter;
    if (over < 0) return 0;
    return Math.min(
      limits.perEmailMaxDelayMs,
      limits.perEmailFirstDelayMs * 2 ** Math.min(over, 30),
    );
  }

  /** Refused outright (per email + address, per address), or else how long to wait. */
  async function check(email: string, ip: string): Promise<{ limited: boolean; delayMs: number }> {
    const rows = await attempts.failures([emailIpKey(email, ip), emailKey(email), ipKey(ip)]);
    const failures = (key: string) => rows.find((r) => r.key === key)?.failures ?? 0;
    return {
      limited:
        failures(emailIpKey(email, ip)) >= limits.perEmailAndIp ||
        failures(ipKey(ip)) >= limits.perIp,
      delayMs: delayFor(failures(emailKey(email))),
    };
  }

  return {
    /**
     * A device that signed in to this email before (its cookie checked by the caller) skips the
     * per-email wait; the limits per email + address and per address hold for everyone.
     */
    async signIn(
      email: string,
      password: string,
      ip: string,
      opts: { knownDevice?: boolean } = {},
    ): Promise<SignInResult> {
      const { limited, delayMs } = await check(email, ip);
      if (limited) return { outcome: 'limited' };
      // Before the check, whatever the password: a fast answer must not tell a right one.
      await sleep(opts.knownDevice ? 0 : delayMs);
      // The address's verified holder, or else the accounts that gave it unverified (none
      // reserves it): the one whose password this is.
      const candidates = email.length > 0 ? await accounts.signInCandidates(email.trim()) : [];
      const withPassword = candidates.filter((c) => c.passwordHash);
      if (withPassword.length === 0)
        await argon2.verify(await decoy(), password).catch(() => false);
      for (const user of withPassword) {
        if (await argon2.verify(user.passwordHash!, password).catch(() => false)) {
          await attempts.clear(emailIpKey(email, ip));
          return { outcome: 'signed-in', userId: user.id };
        }
      }
      for (const key of [emailIpKey(email, ip), emailKey(email), ipKey(ip)]) {
        await attempts.recordFailure(key, limits.windowSeconds);
      }
      return { outcome: 'invalid' };
    },

    /** Forgets windows that ended; any server copy may run it. */
    async sweep(): Promise<void> {
      await attempts.sweep();
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
