import { afterEach, describe, expect, it, vi } from 'vitest';
import * as oidc from 'oidc-client-ts';
import { User } from 'oidc-client-ts';
import { AUTH_CONFIG, authConfigRoute, fakeServer, TEST_ORIGIN } from '../test/fake-server.ts';
import {
  getAccessToken,
  getAuth,
  isReturnPath,
  loadSignedInUser,
  passwordResetReturn,
  rememberReturnPath,
  resetAuthForTests,
  startPasswordReset,
  takeReturnPath,
  userManagerSettings,
} from './auth.ts';

const ISSUER = AUTH_CONFIG.authority;
const USER_KEY = `oidc.user:${ISSUER}:${AUTH_CONFIG.clientId}`;
const discovery = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  end_session_endpoint: `${ISSUER}/session/end`,
  jwks_uri: `${ISSUER}/jwks`,
};

function storeUser(expiresInSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    id_token: 'header.eyJzdWIiOiJ1MSJ9.sig',
    access_token: 'access-token-old',
    refresh_token: 'refresh-token-old',
    token_type: 'Bearer',
    scope: '',
    profile: { sub: 'u1', iss: ISSUER, aud: AUTH_CONFIG.clientId, exp: now + 600, iat: now },
    expires_at: now + expiresInSeconds,
  });
  window.sessionStorage.setItem(USER_KEY, user.toStorageString());
}

describe('the UserManager settings', () => {
  it('follow the auth config and spec §4.5', () => {
    const settings = userManagerSettings(AUTH_CONFIG, 'https://admin.example.com', oidc);
    expect(settings).toMatchObject({
      authority: ISSUER,
      client_id: 'admin-spa',
      redirect_uri: 'https://admin.example.com/auth/authcallback',
      post_logout_redirect_uri: 'https://admin.example.com/auth/logoutcallback',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      automaticSilentRenew: true,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      maxSilentRenewTimeoutRetries: 0,
    });
    expect(settings.resource).toBeUndefined();
  });
});

describe('the stored path', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps only admin pages, and is read once', () => {
    for (const bad of [
      'https://evil.example/admin/x',
      '//evil.example/admin',
      '/auth/login',
      '/admin/',
    ]) {
      expect(isReturnPath(bad), bad).toBe(false);
    }
    rememberReturnPath('//evil.example');
    expect(takeReturnPath()).toBeNull();
    rememberReturnPath('/admin/tickets/view/42?print=1');
    expect(takeReturnPath()).toBe('/admin/tickets/view/42?print=1');
    expect(takeReturnPath()).toBeNull();
  });
});

describe('session renewal (spec §4.5)', () => {
  afterEach(async () => {
    (await getAuth().catch(() => null))?.userManager.stopSilentRenew();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetAuthForTests();
    window.sessionStorage.clear();
  });

  it('renews with the refresh token under a time-out, and signs out when that fails', async () => {
    const server = fakeServer({
      ...authConfigRoute,
      'GET /oidc/.well-known/openid-configuration': () => Response.json(discovery),
      'POST /oidc/token': () => Response.json({ error: 'invalid_grant' }, { status: 400 }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Expires in 61 s: inside the 60 s notice, so renewal starts at once.
    storeUser(61);
    expect(await loadSignedInUser()).not.toBeNull();

    await vi.waitFor(() => expect(assign).toHaveBeenCalled(), { timeout: 5000 });
    const refresh = server.requests.find((r) => r.url.pathname === '/oidc/token');
    const form = new URLSearchParams(refresh?.body);
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('refresh-token-old');
    expect(form.get('client_id')).toBe('admin-spa');
    // oidc-client-ts only aborts a request it was given a time-out for.
    expect(refresh?.signal).toBeDefined();

    const signOut = new URL(String(assign.mock.calls[0]?.[0]));
    expect(`${signOut.origin}${signOut.pathname}`).toBe(`${ISSUER}/session/end`);
    expect(signOut.searchParams.get('id_token_hint')).toBe('header.eyJzdWIiOiJ1MSJ9.sig');
    expect(signOut.searchParams.get('post_logout_redirect_uri')).toBe(
      `${TEST_ORIGIN}/auth/logoutcallback`,
    );
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
  });

  it('signs in again when the access token expires, remembering the page', async () => {
    fakeServer({
      ...authConfigRoute,
      'GET /oidc/.well-known/openid-configuration': () => Response.json(discovery),
      // The renewal hangs; the token expires first.
      'POST /oidc/token': () => new Promise<Response>(() => undefined),
    });
    window.history.replaceState(null, '', '/admin/tickets/manage?tab=new');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    storeUser(1);
    expect(await loadSignedInUser()).not.toBeNull();

    await vi.waitFor(() => expect(assign).toHaveBeenCalled(), { timeout: 6000 });
    expect(String(assign.mock.calls[0]?.[0])).toMatch(new RegExp(`^${ISSUER}/auth\\?`));
    expect(takeReturnPath()).toBe('/admin/tickets/manage?tab=new');
    window.history.replaceState(null, '', '/');
  });

  it('lets a slow renewal of a stored expired token finish instead of signing in again', async () => {
    let answer: (res: Response) => void = () => undefined;
    fakeServer({
      ...authConfigRoute,
      'GET /oidc/.well-known/openid-configuration': () => Response.json(discovery),
      // The renewal answers after the expired event (armed one second after reading) is due.
      'POST /oidc/token': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    storeUser(-30);
    const loading = loadSignedInUser();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    answer(
      Response.json({
        access_token: 'access-token-new',
        refresh_token: 'refresh-token-new',
        token_type: 'Bearer',
        expires_in: 600,
      }),
    );
    const user = await loading;
    expect(user?.access_token).toBe('access-token-new');
    expect(assign).not.toHaveBeenCalled();
  });

  it('renews an expired stored token once for calls made before the app renewed it', async () => {
    let renewals = 0;
    fakeServer({
      ...authConfigRoute,
      'GET /oidc/.well-known/openid-configuration': () => Response.json(discovery),
      'POST /oidc/token': () => {
        renewals += 1;
        return Response.json({
          access_token: 'access-token-new',
          refresh_token: 'refresh-token-new',
          token_type: 'Bearer',
          expires_in: 600,
        });
      },
    });
    storeUser(-30);
    // Three queries of a woken tab ask at once, before anything else started the renewal.
    const tokens = await Promise.all([getAccessToken(), getAccessToken(), getAccessToken()]);
    expect(tokens).toEqual(['access-token-new', 'access-token-new', 'access-token-new']);
    expect(renewals).toBe(1);
  });

  it('forgets a stored user whose token expired and cannot be renewed', async () => {
    fakeServer({
      ...authConfigRoute,
      'GET /oidc/.well-known/openid-configuration': () => Response.json(discovery),
      'POST /oidc/token': () => Response.json({ error: 'invalid_grant' }, { status: 400 }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    storeUser(-30);
    expect(await loadSignedInUser()).toBeNull();
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("the issuer's password reset (spec §7.6)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetAuthForTests();
  });

  it('leaves for the reset policy with the parameters the spec lists', async () => {
    fakeServer({
      'GET /api/public/auth-config': () =>
        Response.json({
          results: {
            ...AUTH_CONFIG,
            passwordResetUrl: 'https://idp.test/tenant/oauth2/v2.0/authorize?p=B2C_1_reset',
          },
        }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    expect(await startPasswordReset()).toBe(true);
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe('https://idp.test/tenant/oauth2/v2.0/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      p: 'B2C_1_reset',
      client_id: 'admin-spa',
      redirect_uri: `${TEST_ORIGIN}/auth/authcallback`,
      scope: 'openid',
      response_type: 'id_token',
      prompt: 'login',
      ui_locales: 'en',
      nonce: expect.stringMatching(/^[\w-]{36}$/),
    });
  });

  it('does nothing without a configured reset', async () => {
    fakeServer({ ...authConfigRoute });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    expect(await startPasswordReset()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells a return from the reset from a sign-in callback', () => {
    const callback = `${TEST_ORIGIN}/auth/authcallback`;
    expect(passwordResetReturn(`${callback}#id_token=a.b.c`)).toBe('done');
    expect(passwordResetReturn(`${callback}#error=access_denied`)).toBe('left');
    expect(passwordResetReturn(`${callback}?code=x&state=y`)).toBeNull();
  });
});
