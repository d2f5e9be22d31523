import type * as OidcClient from 'oidc-client-ts';
import type { SigninSilentArgs, User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import { AuthConfig, envelope, identityRoutes } from '@app/contracts';
import i18n from 'i18next';
import { setLanguage, toSupportedLanguage } from './i18n.ts';
import { paths } from './paths.ts';

/** The language the user picked on the provider's sign-in page, if it is one of ours. */
export const signInLanguageOf = (locale: unknown) =>
  typeof locale === 'string' ? toSupportedLanguage(locale) : undefined;

/** Spec §4.5 and §9: renew 60 s before the access token expires, give up after 10 s. */
export const TOKEN_EXPIRING_NOTICE_SECONDS = 60;
export const SILENT_RENEW_TIMEOUT_SECONDS = 10;

/** Where a signed-out visitor of an admin page wanted to go (spec §2.2 "stored path"). */
const RETURN_PATH_KEY = 'auth.returnPath';
/** Set on sign-in and tenant switch: the tenant's default language applies once after it. */
const APPLY_TENANT_LANGUAGE_KEY = 'auth.applyTenantLanguage';

export const AUTH_CONFIG_URL = identityRoutes.authConfig.path;

/** The message oidc-client-ts throws when the callback's state is not in this browser. */
export const NO_MATCHING_STATE = 'No matching state found in storage';

type Oidc = typeof OidcClient;

/**
 * The OIDC library loads with the first step that needs it (the Login button, a callback, a
 * stored session), not with the app: the landing of a visitor who is signed out goes without.
 */
const loadOidc = (): Promise<Oidc> => import('oidc-client-ts');

/** The key prefix of the users oidc-client-ts stores (`oidc.user:<authority>:<client id>`). */
const STORED_USER_PREFIX = 'oidc.user:';

/** Whether this tab may hold a signed-in user; false only when it certainly holds none. */
export function mayHaveStoredUser(): boolean {
  const store = storage();
  if (!store) return true;
  for (let i = 0; i < store.length; i += 1) {
    if (store.key(i)?.startsWith(STORED_USER_PREFIX)) return true;
  }
  return false;
}

function createUserManager(oidc: Oidc, config: AuthConfig): UserManager {
  /**
   * oidc-client-ts passes `silentRequestTimeoutInSeconds` to the refresh-token request only
   * when the caller gives it, and its automatic renewal never does: without this, a hung token
   * endpoint would hold the renewal forever instead of failing after 10 s.
   */
  class AdminUserManager extends oidc.UserManager {
    override signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
      return super.signinSilent({
        silentRequestTimeoutInSeconds: this.settings.silentRequestTimeoutInSeconds,
        ...args,
      });
    }
  }
  return new AdminUserManager(userManagerSettings(config, window.location.origin, oidc));
}

/** The UserManager settings for the admin SPA at `origin`, from the server's auth config. */
export function userManagerSettings(
  config: AuthConfig,
  origin: string,
  { WebStorageStateStore }: Pick<Oidc, 'WebStorageStateStore'>,
): UserManagerSettings {
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${paths.authCallback}`,
    post_logout_redirect_uri: `${origin}${paths.logoutCallback}`,
    response_type: 'code',
    // No `resource` (RFC 8707) parameter: the embedded provider issues tokens for the API
    // audience by default, and some issuers (Azure AD v2) refuse the parameter outright.
    scope: config.scope,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRING_NOTICE_SECONDS,
    silentRequestTimeoutInSeconds: SILENT_RENEW_TIMEOUT_SECONDS,
    // One timed-out renewal is a failed renewal: spec §4.5 signs the user out.
    maxSilentRenewTimeoutRetries: 0,
    // Tokens live as long as the tab. Refresh tokens rotate and a reused one ends the grant,
    // so tabs must not share them (localStorage would let two tabs refresh the same one).
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    // The ID token carries name, email and role; no userinfo round trip.
    loadUserInfo: false,
  };
}

export async function fetchAuthConfig(): Promise<AuthConfig> {
  // Before sign-in, so not through the API client (which would ask for a token).
  const res = await fetch(identityRoutes.authConfig.path, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`auth config: HTTP ${res.status}`);
  return envelope(AuthConfig).parse(await res.json()).results;
}

export interface Auth {
  config: AuthConfig;
  userManager: UserManager;
}

let authPromise: Promise<Auth> | null = null;
let builtAuth: Auth | null = null;
const authListeners = new Set<(auth: Auth) => void>();

/**
 * Calls `listener` with the auth once it is built (at once if it is), whatever started it:
 * the session follows a sign-in that the Login button or a callback page began.
 */
export function onAuthBuilt(listener: (auth: Auth) => void): () => void {
  authListeners.add(listener);
  if (builtAuth) listener(builtAuth);
  return () => authListeners.delete(listener);
}

/** The one UserManager of the app, built from the server's auth config on first use. */
export function getAuth(): Promise<Auth> {
  authPromise ??= Promise.all([fetchAuthConfig(), loadOidc()]).then(
    ([config, oidc]) => {
      const userManager = createUserManager(oidc, config);
      watchSession(userManager);
      builtAuth = { config, userManager };
      for (const listener of authListeners) listener(builtAuth);
      return builtAuth;
    },
    (error: unknown) => {
      // Let the next attempt (Login button, reload) try again.
      authPromise = null;
      throw error;
    },
  );
  return authPromise;
}

/** For tests: forget the UserManager so the next getAuth() builds a new one. */
export function resetAuthForTests(): void {
  authPromise = null;
  builtAuth = null;
  startedSignIn = null;
  startedSignOut = null;
  finishing.clear();
}

/** Spec §4.5: a failed silent renewal signs out; an expired access token signs in again. */
function watchSession(userManager: UserManager): void {
  userManager.events.addSilentRenewError((error) => {
    console.error('silent token renewal failed', error);
    void startSignOut().catch(() => discardUser());
  });
  userManager.events.addAccessTokenExpired(() => {
    // Reading a stored expired user arms this event a second later; the renewal started for it
    // settles the matter (a new user, or signed out), so a slow renewal must not be overtaken.
    if (renewingStoredUser) return;
    rememberReturnPath(window.location.pathname + window.location.search);
    void startSignIn().catch((error: unknown) => {
      console.error('sign-in after token expiry failed', error);
      window.location.assign(paths.loginLanding);
    });
  });
}

/**
 * The signed-in user when the app starts. A stored user whose access token has expired (a tab
 * left asleep) gets one silent renewal; if that fails the user is signed out locally.
 */
export async function loadSignedInUser(): Promise<User | null> {
  const { userManager } = await getAuth();
  const user = await userManager.getUser();
  if (!user || !user.expired) return user;
  renewingStoredUser ??= userManager
    .signinSilent()
    .catch(async () => {
      await userManager.removeUser();
      return null;
    })
    .finally(() => {
      renewingStoredUser = null;
    });
  return renewingStoredUser;
}

/** The renewal of a stored user's expired token, while loadSignedInUser runs it. */
let renewingStoredUser: Promise<User | null> | null = null;

/**
 * The bearer token for API calls, or null when nobody is signed in. A call made while the
 * stored user's token is being renewed waits for the new token; one that finds it expired (a
 * tab woken from sleep, its first queries quicker than the app's start) renews it first,
 * the same single renewal, instead of going out without a token and being answered 401.
 */
export async function getAccessToken(): Promise<string | null> {
  if (renewingStoredUser) await renewingStoredUser;
  const user = await loadSignedInUser();
  return user && !user.expired ? user.access_token : null;
}

let startedSignIn: Promise<void> | null = null;

/** Leaves for the provider's sign-in page, in the UI's language; rejects if it cannot. */
export function startSignIn(): Promise<void> {
  // React's strict mode runs effects twice in development: start one redirect, not two.
  startedSignIn ??= getAuth()
    .then(({ userManager }) => userManager.signinRedirect({ ui_locales: i18n.language }))
    .finally(() => {
      startedSignIn = null;
    });
  return startedSignIn;
}

export interface FinishedSignIn {
  /** The admin page the user tried before signing in, if any (read once, here). */
  returnPath: string | null;
}

const finishing = new Map<string, Promise<FinishedSignIn>>();

/** Completes the sign-in on the callback page (once per callback URL). */
export function finishSignIn(url: string = window.location.href): Promise<FinishedSignIn> {
  let pending = finishing.get(url);
  if (!pending) {
    pending = getAuth().then(async ({ userManager }) => {
      const user = await userManager.signinCallback(url);
      // A language picked on the sign-in page carries over (the ID token's locale); otherwise
      // the tenant's default applies once the profile is known.
      const picked = signInLanguageOf(user?.profile.locale);
      if (picked) await setLanguage(picked);
      else requestTenantLanguage();
      return { returnPath: takeReturnPath() };
    });
    finishing.set(url, pending);
  }
  return pending;
}

let startedSignOut: Promise<void> | null = null;

/** The answers and the last live list kept for offline use (public/sw.js): not for the next user. */
function forgetOfflineData() {
  if (typeof caches !== 'undefined') void caches.delete('api-v1').catch(() => undefined);
}

/** Leaves for the provider's sign-out, which comes back to the logout callback. */
export function startSignOut(): Promise<void> {
  forgetOfflineData();
  // Once: a second start would find the user gone and ask the provider without id_token_hint.
  startedSignOut ??= getAuth()
    .then(({ userManager }) =>
      userManager.signoutRedirect({ extraQueryParams: { ui_locales: i18n.language } }),
    )
    .finally(() => {
      startedSignOut = null;
    });
  return startedSignOut;
}

/** Azure AD B2C's error codes at the callback (spec §7.6 and §8): forgot password, cancelled. */
export const FORGOT_PASSWORD_AT_ISSUER = /AADB2C90118/;
export const CANCELLED_AT_ISSUER = /AADB2C90091/;

/**
 * Leaves for the issuer's password reset (spec §7.6: client id, redirect uri, policy, scope
 * openid, response type id_token, prompt login); false when the issuer has none configured.
 * The policy travels in the configured URL (its path or its `p` parameter).
 */
export async function startPasswordReset(): Promise<boolean> {
  const { config } = await getAuth();
  if (!config.passwordResetUrl) return false;
  const url = new URL(config.passwordResetUrl);
  const params = url.searchParams;
  params.set('client_id', config.clientId);
  params.set('redirect_uri', `${window.location.origin}${paths.authCallback}`);
  params.set('scope', 'openid');
  params.set('response_type', 'id_token');
  params.set('prompt', 'login');
  // The reset pages speak the admin's language (B2C reads ui_locales too).
  params.set('ui_locales', i18n.language);
  // An ID token response needs a nonce; nothing is validated against it, the token is dropped.
  params.set('nonce', crypto.randomUUID());
  window.location.assign(url.href);
  return true;
}

/**
 * The issuer coming back from a password reset: an ID token (reset done) or an error (given up)
 * in the fragment, where a sign-in returns a code in the query.
 */
export function passwordResetReturn(url: string = window.location.href): 'done' | 'left' | null {
  const { hash } = new URL(url);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.has('id_token')) return 'done';
  return fragment.has('error') ? 'left' : null;
}

export async function finishSignOut(url: string = window.location.href): Promise<void> {
  const { userManager } = await getAuth();
  await userManager.signoutCallback(url);
}

/** Forgets the signed-in user in this tab without asking the provider (a 401, say). */
export async function discardUser(): Promise<void> {
  const { userManager } = await getAuth();
  await userManager.removeUser();
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only our own admin pages are kept, so a crafted link cannot send anyone elsewhere. */
export function isReturnPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/admin\/[^/\\]/.test(path);
}

export function rememberReturnPath(path: string): void {
  if (isReturnPath(path)) storage()?.setItem(RETURN_PATH_KEY, path);
}

/** The stored path, forgotten as it is read. */
export function takeReturnPath(): string | null {
  const store = storage();
  const path = store?.getItem(RETURN_PATH_KEY) ?? null;
  store?.removeItem(RETURN_PATH_KEY);
  return isReturnPath(path) ? path : null;
}

export function requestTenantLanguage(): void {
  storage()?.setItem(APPLY_TENANT_LANGUAGE_KEY, '1');
}

/** true once after a sign-in or tenant switch: the tenant's default language should apply. */
export function takeTenantLanguageRequest(): boolean {
  const store = storage();
  const requested = store?.getItem(APPLY_TENANT_LANGUAGE_KEY) === '1';
  store?.removeItem(APPLY_TENANT_LANGUAGE_KEY);
  return requested;
}
