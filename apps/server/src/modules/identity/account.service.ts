import argon2 from 'argon2';
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_ERROR_CODES,
  EmailAddress,
  LIMITS_EMAIL,
  type EmailMigrationBody,
  type ErrorCode,
  type EmailVerificationStatus,
  type Language,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../html.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from '../../errors.ts';
import type { MailTransport } from '../../integrations/mail/mail-transport.ts';
import type { AccountTokensRepository } from './account-tokens.repository.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { PASSWORD_LIMITS, type FieldErrors } from './account-pages.ts';
import type { SignInAttemptsRepository } from './sign-in-attempts.repository.ts';
import { pageText, pageTextWith } from './sign-in-pages.ts';

/** A 400 with the code the admin reads (§8: 'Email just sent please wait two minutes'). */
const refused = (code: ErrorCode, message: string, retryAfterSeconds?: number) =>
  new BadRequest(message, code, retryAfterSeconds);

export const ACCOUNT_LIMITS = {
  /** Accounts one client address may create per window, against sign-up floods. */
  registrationsPerIp: 20,
  /** Reset e-mails one client address may ask for per window. */
  resetRequestsPerIp: 20,
  windowSeconds: 60 * 60,
  /** One reset e-mail per account per this many seconds, whoever asks. */
  resetSpacingSeconds: LIMITS_EMAIL.resendAfterSeconds,
} as const;

const VERIFICATION_LINK_MS = LIMITS_EMAIL.verificationWindowDays * 24 * 60 * 60 * 1000;

export type RegistrationInput = { name: string; email: string; password: string };
export type RegistrationResult =
  | { outcome: 'registered'; userId: string }
  | { outcome: 'invalid'; errors: FieldErrors }
  | { outcome: 'taken' }
  | { outcome: 'limited' };

export function passwordProblem(password: string): FieldErrors['password'] {
  return password.length < PASSWORD_LIMITS.min || password.length > PASSWORD_LIMITS.max
    ? 'passwordInvalid'
    : undefined;
}

const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/**
 * The accounts' own e-mail flows: self-registration, the password reset of the embedded issuer,
 * address verification and the move of a legacy account to a new address (§4.7, §5.6, §7.3b,
 * §7.6). Links go out through the mail transport; each is single use.
 */
export function createAccountService(deps: {
  db: Db;
  accounts: AccountsRepository;
  attempts: SignInAttemptsRepository;
  tokens: AccountTokensRepository;
  /** null: no way to send e-mail is configured. */
  mail: MailTransport | null;
  publicUrl: string;
  passwordResetLinkMs: number;
  log: FastifyBaseLogger;
}) {
  const { db, accounts, tokens, mail, publicUrl, log } = deps;

  /** Counts one attempt for a key in a fixed window; true while under the limit. */
  async function underLimit(key: string, max: number): Promise<boolean> {
    return (await deps.attempts.recordFailure(key, ACCOUNT_LIMITS.windowSeconds)) <= max;
  }

  async function findById(userId: string) {
    const row = await accounts.findUserById(userId);
    if (!row) throw new NotFound('User');
    return row;
  }

  function requireMail(): MailTransport {
    if (!mail) throw new ServiceUnavailable('mail_unavailable', 'E-mail is not configured');
    return mail;
  }

  /** The link that verifies the address to be verified: the one asked to move to, else the own. */
  async function sendVerification(
    user: { id: string; email: string; pendingEmail: string | null },
    lang: Language,
  ) {
    const transport = requireMail();
    const to = user.pendingEmail ?? user.email;
    const secret = await tokens.issue(db, {
      userId: user.id,
      purpose: 'email_verification',
      email: to,
      ttlMs: VERIFICATION_LINK_MS,
    });
    const link = `${publicUrl}/account/verify-email?token=${secret}&lang=${lang}`;
    const values = { email: to, link, days: LIMITS_EMAIL.verificationWindowDays };
    await transport.send({
      to,
      subject: pageText(lang, 'verifyMailSubject'),
      text: pageTextWith(lang, 'verifyMailBody', values),
      html: mailHtml(pageTextWith(lang, 'verifyMailBody', values), link),
    });
  }

  return {
    /** Whether links can be e-mailed at all (the sign-in page offers the reset only then). */
    canSendMail: mail !== null,

    /**
     * After a password sign-in: the language picked on the sign-in page (null: none picked), and
     * a moved legacy account now signs in with its new address, so its legacy banner ends.
     */
    async recordSignIn(userId: string, language: Language | null): Promise<void> {
      await accounts.recordSignIn(userId, language);
    },

    async register(
      input: RegistrationInput,
      ip: string,
      lang: Language,
    ): Promise<RegistrationResult> {
      const name = input.name.trim();
      const email = EmailAddress.safeParse(input.email);
      const errors: FieldErrors = {};
      if (name.length === 0 || name.length > 100) errors.name = 'nameInvalid';
      if (!email.success) errors.email = 'emailInvalid';
      const password = passwordProblem(input.password);
      if (password) errors.password = password;
      if (Object.keys(errors).length > 0 || !email.success) return { outcome: 'invalid', errors };
      if (!(await underLimit(`reg:${ip}`, ACCOUNT_LIMITS.registrationsPerIp))) {
        return { outcome: 'limited' };
      }
      // Only a verified address is taken: an account that gave it without opening its link
      // does not keep the address's owner from registering (whoever verifies first holds it).
      if (await accounts.verifiedHolderExists(email.data)) return { outcome: 'taken' };
      const user = await accounts.insertUser({
        email: email.data,
        displayName: name,
        passwordHash: await hashPassword(input.password),
      });
      if (mail) {
        // The banner's resend is there if this first e-mail does not get through.
        await accounts.setVerificationSentAt(user.id, 'now');
        await sendVerification(user, lang).catch((err: unknown) =>
          log.warn({ err }, 'verification e-mail not sent'),
        );
      }
      return { outcome: 'registered', userId: user.id };
    },

    /** Sends a reset link when the address has an account; says nothing either way. */
    async requestPasswordReset(rawEmail: string, ip: string, lang: Language): Promise<void> {
      const transport = requireMail();
      const email = EmailAddress.safeParse(rawEmail);
      if (!email.success) return;
      if (!(await underLimit(`reset:${ip}`, ACCOUNT_LIMITS.resetRequestsPerIp))) return;
      const user = await accounts.findUserByEmail(email.data);
      if (!user?.passwordHash) return;
      const last = await tokens.lastIssuedAt(db, user.id, 'password_reset');
      const spacingMs = ACCOUNT_LIMITS.resetSpacingSeconds * 1000;
      if (last && Date.now() - last.getTime() < spacingMs) return;
      // Only the newest link works.
      await tokens.revokeAll(db, user.id, 'password_reset');
      const secret = await tokens.issue(db, {
        userId: user.id,
        purpose: 'password_reset',
        email: user.email,
        ttlMs: deps.passwordResetLinkMs,
      });
      const link = `${publicUrl}/oidc/password-reset/new?token=${secret}&lang=${lang}`;
      const values = {
        email: user.email,
        link,
        minutes: Math.round(deps.passwordResetLinkMs / 60_000),
      };
      await transport.send({
        to: user.email,
        subject: pageText(lang, 'resetMailSubject'),
        text: pageTextWith(lang, 'resetMailBody', values),
        html: mailHtml(pageTextWith(lang, 'resetMailBody', values), link),
      });
    },

    /** The account a reset link is for, while the link works (the form's GET). */
    async resetLinkEmail(secret: string): Promise<string | undefined> {
      return (await tokens.peek(db, 'password_reset', secret))?.email;
    },

    /**
     * Sets the new password through a reset link, once; every session, grant and refresh token
     * of the user ends, and so do the access tokens already issued (their session version).
     */
    async resetPassword(secret: string, password: string): Promise<'done' | 'invalid-link'> {
      const hash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const token = await tokens.consume(tx, 'password_reset', secret);
        if (!token) return 'invalid-link';
        await accounts.setPasswordEndingSessions(tx, token.userId, hash);
        await tokens.revokeAll(tx, token.userId, 'password_reset');
        return 'done';
      });
    },

    async verificationStatus(userId: string): Promise<EmailVerificationStatus> {
      const user = await findById(userId);
      const deadline = new Date(
        user.emailSetAt.getTime() + LIMITS_EMAIL.verificationWindowDays * 24 * 60 * 60 * 1000,
      );
      return {
        isVerified: user.emailVerified,
        isLegacyEmail: user.isLegacyEmail,
        forceLegacyEmailMigrate: user.forceLegacyEmailMigrate,
        linkedLegacyEmail: user.linkedLegacyEmail,
        email: user.email,
        pendingEmail: user.pendingEmail,
        verificationDeadline: user.emailVerified ? null : deadline.toISOString(),
      };
    },

    /**
     * §7.3b send: to the address waiting for its link (a legacy move), else the account's own;
     * 400 `email_just_sent` within two minutes of the last e-mail.
     */
    async sendVerificationEmail(userId: string, lang: Language): Promise<{ sentTo: string }> {
      requireMail();
      const user = await findById(userId);
      if (user.emailVerified && !user.pendingEmail) {
        throw new Conflict(EMAIL_ERROR_CODES.alreadyVerified, 'The email address is verified');
      }
      // One winner when two sends race; the stamp is the spacing's only state.
      if (!(await accounts.claimVerificationSend(userId, LIMITS_EMAIL.resendAfterSeconds))) {
        // Still the spec's 400, saying when to ask again (the admin waits that long).
        const since = user.verificationSentAt
          ? (Date.now() - user.verificationSentAt.getTime()) / 1000
          : 0;
        const left = Math.min(
          LIMITS_EMAIL.resendAfterSeconds,
          Math.max(1, Math.ceil(LIMITS_EMAIL.resendAfterSeconds - since)),
        );
        throw refused(EMAIL_ERROR_CODES.justSent, 'Email just sent please wait two minutes', left);
      }
      try {
        await sendVerification(user, lang);
      } catch (err) {
        log.warn({ err }, 'verification e-mail not sent');
        // A send that failed must not hold the next try for two minutes.
        await accounts.setVerificationSentAt(userId, user.verificationSentAt);
        throw new ServiceUnavailable('mail_unavailable', 'The e-mail could not be sent');
      }
      return { sentTo: user.pendingEmail ?? user.email };
    },

    /**
     * The address a verification link is for, while it works and still is the account's own or
     * the one it asked to move to.
     */
    async verificationLinkEmail(secret: string): Promise<string | undefined> {
      const token = await tokens.peek(db, 'email_verification', secret);
      if (!token) return undefined;
      const user = await findById(token.userId).catch(() => undefined);
      const sent = token.email.toLowerCase();
      return user &&
        (user.email.toLowerCase() === sent || user.pendingEmail?.toLowerCase() === sent)
        ? token.email
        : undefined;
    },

    /**
     * Verifies the address through its link, once: the account's own, or the one it asked to
     * move to, which becomes its sign-in now. A link for a former address does nothing; an
     * address another account verified meanwhile is `taken` (the link stays unused).
     */
    async verifyEmail(secret: string): Promise<VerifyOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const token = await tokens.consume(tx, 'email_verification', secret);
          if (!token) return { outcome: 'invalid' } as const;
          const email = await accounts.verifyEmail(tx, token.userId, token.email);
          if (!email) return { outcome: 'invalid' } as const;
          await tokens.revokeAll(tx, token.userId, 'email_verification');
          return { outcome: 'verified', email } as const;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_verified_email_lower_idx')) return { outcome: 'taken' };
        throw err;
      }
    },

    /**
     * §5.6 legacy e-mail dialog: the new address gets a verification link and becomes the
     * account's sign-in only once that link is opened (the legacy one is then kept as linked);
     * until then the legacy address signs in and the new one is not reserved. Asked again
     * before that, the newer address replaces the waiting one.
     */
    async migrateLegacyEmail(
      userId: string,
      body: EmailMigrationBody,
      lang: Language,
    ): Promise<{ success: boolean }> {
      const user = await findById(userId);
      if (!user.isLegacyEmail) {
        throw new Conflict(EMAIL_ERROR_CODES.notLegacy, 'This account has no legacy address');
      }
      if (user.linkedLegacyEmail !== null) {
        throw new Conflict(EMAIL_ERROR_CODES.alreadyMigrated, 'This account was already moved');
      }
      if (body.newEmail === user.email.toLowerCase()) {
        throw refused(EMAIL_ERROR_CODES.inUse, 'Choose an address other than the legacy one');
      }
      if (await accounts.verifiedHolderExists(body.newEmail, userId)) {
        throw refused(EMAIL_ERROR_CODES.inUse, 'Another account uses this address');
      }
      const waiting = await accounts.requestEmailMove(userId, {
        email: body.newEmail,
        displayName: body.name,
        stampSent: mail !== null,
      });
      // Lost a race with the link of an earlier request being opened.
      if (!waiting) throw new Conflict(EMAIL_ERROR_CODES.alreadyMigrated, 'Already moved');
      // Links sent to an address asked for before no longer move the account.
      await tokens.revokeAll(db, userId, 'email_verification');
      if (mail) {
        await sendVerification(waiting, lang).catch((err: unknown) =>
          log.warn({ err }, 'verification e-mail not sent'),
        );
      }
      return { success: true };
    },
  };
}

/** What opening a verification link did. */
export type VerifyOutcome =
  { outcome: 'verified'; email: string } | { outcome: 'invalid' } | { outcome: 'taken' };

export type AccountService = ReturnType<typeof createAccountService>;

/** The HTML part of an e-mail: the text in paragraphs, the link as a button. */
function mailHtml(text: string, link: string): string {
  const esc = escapeHtml;
  const paragraphs = text
    .split('\n\n')
    .map((p) =>
      p.includes(link)
        ? `<p><a href="${esc(link)}" style="display:inline-block;padding:10px 16px;background:#1d5b94;color:#fff;border-radius:6px;text-decoration:none">${esc(p.replace(link, '').trim())}</a></p>`
        : `<p>${esc(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933">${paragraphs}</body></html>`;
}
