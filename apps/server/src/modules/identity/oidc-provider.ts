import type { FastifyBaseLogger } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ROLE_CLAIM } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { AccountsRepository, UserRecord } from './accounts.repository.ts';
import { DrizzleOidcAdapter } from './oidc-adapter.ts';
import type { OidcPayloadsRepository } from './oidc.repository.ts';
import { SIGNING_ALG, type OidcKeys } from './oidc-keys.ts';
import { messagePage, pickLanguage, signOutPage } from './sign-in-pages.ts';

export const OIDC_MOUNT = '/oidc';
export const ACCESS_TOKEN_TTL = 10 * 60;
const DAY = 24 * 60 * 60;
/** The resource-server scope our access tokens carry. */
export const API_SCOPE = 'api';

export type OidcDeps = {
  config: Config;
  payloads: OidcPayloadsRepository;
  keys: OidcKeys;
  accounts: AccountsRepository;
  log: FastifyBaseLogger;
};

/** The SPA's sign-in pages, on the public origin and on any extra (dev) origin. */
export function spaRedirects(config: Config) {
  const origins = [config.publicUrl, ...config.oidc.spaOrigins];
  return {
    redirectUris: origins.flatMap((o) => [`${o}/auth/authcallback`, `${o}/auth/silent-renew`]),
    postLogoutRedirectUris: origins.flatMap((o) => [
      `${o}/auth/logoutcallback`,
      `${o}/auth/loginlanding`,
    ]),
  };
}

/** The role a token states: informational only, each request is decided from the membership. */
async function roleClaimOf(accounts: AccountsRepository, user: UserRecord) {
  if (user.isSuperAdmin) return 'SuperAdmin';
  const [first] = await accounts.membershipsOf(user.id);
  return first?.role;
}

async function profileClaims(accounts: AccountsRepository, user: UserRecord) {
  const role = await roleClaimOf(accounts, user);
  return {
    email: user.email,
    email_verified: user.emailVerified,
    name: user.displayName,
    // The language picked on the sign-in page: the admin carries it over.
    ...(user.signInLanguage ? { locale: user.signInLanguage } : {}),
    ...(role ? { [ROLE_CLAIM]: role } : {}),
  };
}

/** A provider page's language: the client's `ui_locales`, else the browser's Accept-Language. */
const pageLanguage = (ctx: KoaContextWithOIDC) => {
  const params = ctx.oidc?.params as Record<string, unknown> | undefined;
  const uiLocales = typeof params?.ui_locales === 'string' ? params.ui_locales : undefined;
  return pickLanguage([uiLocales], ctx.get('accept-language'));
};

/**
 * The embedded OpenID Connect provider: authorization code + PKCE for the admin SPA, JWT access
 * tokens for the API audience, refresh tokens (rotated) for silent renewal, and everything
 * stored in PostgreSQL.
 */
export function createOidcProvider(deps: OidcDeps): Provider {
  const { config, payloads, keys, accounts, log } = deps;
  const { clientId, audience, issuer } = config.oidc;
  const { redirectUris, postLogoutRedirectUris } = spaRedirects(config);
  const appUrl = `${config.publicUrl}/auth/loginlanding`;

  const configuration: Configuration = {
    adapter: (name: string) => new DrizzleOidcAdapter(payloads, name),
    clients: [
      {
        client_id: clientId,
        client_name: 'Restaurant back office',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
      },
    ],
    jwks: { keys: keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: keys.cookie,
      names: { session: '_oidc_session', interaction: '_oidc_interaction', resume: '_oidc_resume' },
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub', ROLE_CLAIM],
      email: ['email', 'email_verified'],
      profile: ['name', 'locale'],
    },
    // The SPA reads the role and email from the ID token, no userinfo round trip needed.
    conformIdTokenClaims: false,
    extraParams: ['lang'],
    discovery: { ui_locales_supported: ['en', 'ar', 'es'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => {
          if (!oneOf) return audience;
          if (Array.isArray(oneOf)) return oneOf.includes(audience) ? audience : oneOf;
          return oneOf;
        },
        // A token request without `resource` gets the API token the code was granted for.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const lang = pageLanguage(ctx);
          // Sign out at once when the SPA proved the session is its own with id_token_hint.
          const auto = ctx.oidc.entities.IdTokenHint !== undefined;
          ctx.type = 'html';
          ctx.body = signOutPage({ lang, form, auto });
        },
        postLogoutSuccessSource: async (ctx) => {
          const lang = pageLanguage(ctx);
          ctx.type = 'html';
          ctx.body = messagePage({ lang, title: 'signOutTitle', message: 'signedOut', appUrl });
        },
      },
    },
    async findAccount(_ctx, sub) {
      const user = await accounts.findUserById(sub).catch(() => undefined);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, ...(await profileClaims(accounts, user)) }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await accounts.findUserById(token.accountId);
      // `sv`: a password reset bumps the user's version and the API refuses older tokens.
      return user
        ? { ...(await profileClaims(accounts, user)), sv: user.sessionVersion }
        : undefined;
    },
    // Our clients are first party: consent is given by signing in, never asked.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      if (!oidc.client || !accountId) return undefined;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client.clientId);
      const found = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        found && found.accountId === accountId
          ? found
          : new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    // The SPA renews silently with refresh tokens, with or without offline_access.
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    interactions: {
      url: async (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken: (ctx, token, client) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        // A rotated token inherits what its predecessor had left: no endless renewal.
        if (rotated && client.tokenEndpointAuthMethod === 'none') return rotated.remainingTTL;
        return 14 * DAY;
      },
    },
    async renderError(ctx, out) {
      const lang = pageLanguage(ctx);
      ctx.type = 'html';
      ctx.body = messagePage({
        lang,
        title: 'errorTitle',
        message: 'error',
        appUrl,
        detail: typeof out.error === 'string' ? out.error : undefined,
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a load balancer (TRUST_PROXY set) the scheme comes from X-Forwarded-Proto.
  provider.proxy = config.trustProxy !== false;
  provider.on('server_error', (_ctx: unknown, err: Error) =>
    log.error({ err }, 'oidc server error'),
  );
  return provider;
}
