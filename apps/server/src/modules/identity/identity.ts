import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createAccountsRepository, type AccountsRepository } from './accounts.repository.ts';
import { createKnownDevices, type KnownDevices } from './known-device.ts';
import { discoverIssuer, issuerOrigins, type IssuerOrigins } from './issuer-discovery.ts';
import { loadOrCreateOidcKeys, type KeysAtRest } from './oidc-keys.ts';
import { createOidcProvider } from './oidc-provider.ts';
import {
  createOidcKeysRepository,
  createOidcPayloadsRepository,
  type OidcKeysRepository,
  type OidcPayloadsRepository,
} from './oidc.repository.ts';
import {
  accountTokensRepository,
  type AccountTokensRepository,
} from './account-tokens.repository.ts';
import {
  createSignInAttemptsRepository,
  type SignInAttemptsRepository,
} from './sign-in-attempts.repository.ts';
import { createSignInService, type SignInService } from './sign-in.service.ts';
import { createTokenVerifier, type TokenVerifier } from './token-verifier.ts';
import type { MailTransport } from '../../integrations/mail/mail-transport.ts';
import { createAccountService, type AccountService } from './account.service.ts';

export type Identity = {
  config: Config;
  accounts: AccountsRepository;
  verifier: TokenVerifier;
  signIn: SignInService;
  /** Registration, password reset, e-mail verification and the legacy migration. */
  account: AccountService;
  /** The embedded provider; undefined when OIDC_ISSUER points elsewhere. */
  provider: Provider | undefined;
  /** Browsers that signed in before (embedded provider only). */
  knownDevices: KnownDevices | undefined;
  /** Where the admin's browser talks to an external issuer (its CSP); none when embedded. */
  issuerOrigins: IssuerOrigins;
  /** Deletes expired provider rows and ended sign-in windows. */
  sweep(): Promise<void>;
};

/** The database handle and repositories identity works on, all over the app's handle `db`. */
export function identityStore(db: Db) {
  return {
    db,
    accounts: createAccountsRepository(db),
    attempts: createSignInAttemptsRepository(db),
    oidcKeys: createOidcKeysRepository(db),
    oidcPayloads: createOidcPayloadsRepository(db),
    tokens: accountTokensRepository,
  };
}

/**
 * Assembles sign-in and token verification. With an external issuer the embedded provider is
 * not mounted at all: a second, unused password login would only be something to attack.
 */
export async function createIdentity(deps: {
  config: Config;
  /** What the embedded provider's keys are sealed under in the database. */
  keysAtRest: KeysAtRest;
  /** The transactions of the account service. */
  db: Db;
  /** The provider's signing keys and cookie secrets. */
  oidcKeys: OidcKeysRepository;
  /** The provider's own rows (sessions, grants, codes). */
  oidcPayloads: OidcPayloadsRepository;
  accounts: AccountsRepository;
  attempts: SignInAttemptsRepository;
  /** The single-use secrets of e-mailed links. */
  tokens: AccountTokensRepository;
  log: FastifyBaseLogger;
  /** How a slowed sign-in waits; tests record instead of sleeping. */
  signInDelay?: (ms: number) => Promise<void>;
  /** null or absent: no e-mail can be sent. */
  mail?: MailTransport | null;
}): Promise<Identity> {
  const { config, db, log, accounts } = deps;
  const signIn = createSignInService({
    accounts,
    attempts: deps.attempts,
    sleep: deps.signInDelay,
  });
  const account = createAccountService({
    db,
    accounts,
    attempts: deps.attempts,
    tokens: deps.tokens,
    mail: deps.mail ?? null,
    publicUrl: config.publicUrl,
    passwordResetLinkMs: config.passwordResetLinkMs,
    log,
  });
  if (!config.oidc.embedded) {
    // Read once at start: a wrong or unreachable issuer stops the start, naming OIDC_ISSUER.
    const metadata = await discoverIssuer(config.oidc);
    if (metadata.issuer !== config.oidc.issuer) {
      log.info(
        { authority: config.oidc.issuer, issuer: metadata.issuer },
        'OIDC issuer differs from its authority',
      );
    }
    return {
      config,
      accounts,
      signIn,
      account,
      provider: undefined,
      knownDevices: undefined,
      verifier: createTokenVerifier(config.oidc, { external: metadata }),
      issuerOrigins: issuerOrigins(config.oidc.issuer, metadata),
      sweep: () => signIn.sweep(),
    };
  }
  const keys = await loadOrCreateOidcKeys(deps.oidcKeys, deps.keysAtRest);
  return {
    config,
    accounts,
    signIn,
    account,
    provider: createOidcProvider({ config, payloads: deps.oidcPayloads, keys, accounts, log }),
    knownDevices: createKnownDevices({
      secrets: keys.cookie,
      secure: config.publicUrl.startsWith('https:'),
    }),
    verifier: createTokenVerifier(config.oidc, { embedded: keys.signing }),
    issuerOrigins: { connect: [], frame: [] },
    sweep: async () => {
      await deps.oidcPayloads.sweepExpired();
      await signIn.sweep();
    },
  };
}
