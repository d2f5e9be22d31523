import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-data.ts';
import { bearer, OidcTestClient } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { pageText } from './sign-in-pages.ts';
import { SIGN_IN_LIMITS } from './sign-in.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
});
afterAll(() => ctx.close());

const client = () => OidcTestClient.for(ctx);
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/users/me', headers: bearer(token) });

describe('discovery and client configuration', () => {
  it('publishes the issuer under /oidc of the public URL', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://localhost:8080/oidc');
    expect(doc.authorization_endpoint).toMatch(/\/oidc\/auth$/);
    expect(doc.token_endpoint).toMatch(/\/oidc\/token$/);
    expect(doc.jwks_uri).toMatch(/\/oidc\/jwks$/);
    expect(doc.end_session_endpoint).toMatch(/\/oidc\/session\/end$/);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(doc.ui_locales_supported).toEqual(['en', 'ar', 'es']);
  });

  it('tells the SPA where and how to sign in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/auth-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: {
        authority: 'http://localhost:8080/oidc',
        clientId: 'admin-spa',
        scope: 'openid profile email offline_access',
        audience: 'http://localhost:8080/api',
        roleClaim: 'extension_role',
        // The embedded issuer's own reset page (the demo and tests capture its e-mail).
        passwordResetUrl: 'http://localhost:8080/oidc/password-reset',
      },
    });
  });

  it('requires PKCE', async () => {
    const c = await client();
    const res = await c.authorize({ code_challenge: '', code_challenge_method: '' });
    const location = new URL(res.headers.get('location') ?? '', c.baseUrl);
    expect(location.toString()).toContain('/auth/authcallback');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses an unregistered redirect URI without redirecting', async () => {
    const c = await client();
    const res = await c.authorize({ redirect_uri: 'https://evil.invalid/auth/authcallback' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('invalid_redirect_uri');
  });
});

describe('sign-in over HTTP, for every demo account', () => {
  const accounts = [
    ['owner@demo.local', 'StoreOwner'],
    ['manager@demo.local', 'StoreManager'],
    ['staff@demo.local', 'OrderTaker'],
    ['owner@other.local', 'StoreOwner'],
    ['admin@demo.local', 'SuperAdmin'],
  ] as const;

  it.each(accounts)('%s signs in and gets extension_role %s', async (email, role) => {
    const tokens = await (await client()).signIn(email);
    const header = decodeProtectedHeader(tokens.accessToken);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({
      iss: 'http://localhost:8080/oidc',
      aud: 'http://localhost:8080/api',
      email,
      extension_role: role,
      client_id: 'admin-spa',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
    expect(tokens.expiresIn).toBeLessThanOrEqual(600);
    expect(decodeJwt(tokens.idToken ?? '')).toMatchObject({ email, extension_role: role });
    expect(tokens.refreshToken).toBeTruthy();
    const res = await me(tokens.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ email, isSuperAdmin: role === 'SuperAdmin' });
  });

  it('finds the account whatever the case of the email', async () => {
    const tokens = await (await client()).signIn('Manager@DEMO.Local');
    expect(decodeJwt(tokens.accessToken).email).toBe('manager@demo.local');
  });
});

describe('the sign-in page', () => {
  it('is ours, in English by default, with no inline script', async () => {
    const c = await client();
    const page = await c.follow(await c.authorize());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(pageText('en', 'signInTitle'));
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).not.toContain('<script');
    const css = await c.fetch('/oidc-ui/sign-in.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('speaks Arabic right to left when the SPA asks with ui_locales', async () => {
    const c = await client();
    const html = await (await c.follow(await c.authorize({ ui_locales: 'ar' }))).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(pageText('ar', 'signInTitle'));
  });

  it("follows the browser's Accept-Language, and the page's own language links", async () => {
    const c = await client();
    const first = await c.authorize();
    const page = await c.fetch(first.headers.get('location') ?? '', {
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
    });
    const html = await page.text();
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain(pageText('es', 'password'));
    const english = await c.fetch(`${first.headers.get('location')}?lang=en`, {
      headers: { 'accept-language': 'es' },
    });
    expect(await english.text()).toContain('<html lang="en"');
  });

  it('shows an error in the page language and gives no code for a wrong password', async () => {
    const c = await client();
    const page = await c.follow(await c.authorize({ ui_locales: 'ar' }));
    const wrong = await c.submitSignIn(page, 'owner@demo.local', 'wrong-password');
    expect(wrong.status).toBe(200);
    expect(wrong.headers.get('location')).toBeNull();
    const html = await wrong.text();
    expect(html).toContain(pageText('ar', 'invalid'));
    expect(html).toContain('dir="rtl"');
    expect(html).not.toContain('code=');
    // The same page still works with the right password.
    const retry = await c.submitSignIn(
      new Response(html, { status: 200 }),
      'owner@demo.local',
      DEMO_PASSWORD,
    );
    const done = await c.follow(retry);
    expect(c.codeFrom(done)).toBeTruthy();
  });

  it('says the same for an unknown email', async () => {
    const c = await client();
    const page = await c.follow(await c.authorize());
    const res = await c.submitSignIn(page, 'nobody@demo.local', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(pageText('en', 'invalid'));
  });

  it('explains an expired or unknown interaction', async () => {
    const c = await client();
    const res = await c.fetch('/oidc/interaction/not-a-real-one');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(pageText('en', 'expiredTitle'));
  });
});

describe('sessions, renewal and sign-out', () => {
  it('renews with a rotating refresh token; a reused one is refused', async () => {
    const c = await client();
    const first = await c.signIn('owner@demo.local');
    const second = await c.refresh(first.refreshToken ?? '');
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken)).toMatchObject({
      aud: 'http://localhost:8080/api',
      extension_role: 'StoreOwner',
    });
    expect((await me(second.accessToken)).statusCode).toBe(200);
    await expect(c.refresh(first.refreshToken ?? '')).rejects.toThrow(/invalid_grant/);
  });

  it('signs in silently with prompt=none while the session lasts', async () => {
    const c = await client();
    await c.signIn('manager@demo.local');
    const silent = await c.follow(await c.authorize({ prompt: 'none' }));
    const tokens = await c.exchange(c.codeFrom(silent));
    expect(decodeJwt(tokens.accessToken).email).toBe('manager@demo.local');
  });

  it('never shows a consent screen, even when the client asks for one', async () => {
    const c = await client();
    await c.signIn('owner@demo.local');
    const forced = await c.follow(await c.authorize({ prompt: 'consent' }));
    const tokens = await c.exchange(c.codeFrom(forced));
    expect(decodeJwt(tokens.accessToken).aud).toBe('http://localhost:8080/api');
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('signs out through the end-session endpoint and ends the session and its tokens', async () => {
    const c = await client();
    const tokens = await c.signIn('staff@demo.local');
    const postLogout = 'http://localhost:8080/auth/logoutcallback';
    const query = new URLSearchParams({
      id_token_hint: tokens.idToken ?? '',
      post_logout_redirect_uri: postLogout,
      state: 'bye',
    });
    const page = await c.fetch(`/oidc/session/end?${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The SPA proved itself with id_token_hint: a same-origin script confirms at once.
    expect(html).toContain('<script src="/oidc-ui/sign-out.js" defer></script>');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const confirmed = await c.fetch(action ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${postLogout}?state=bye`);
    await expect(c.refresh(tokens.refreshToken ?? '')).rejects.toThrow(/invalid_grant/);
    const silent = await c.follow(await c.authorize({ prompt: 'none' }));
    const location = new URL(silent.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('login_required');
  });
});

describe('guessing', () => {
  it(`answers 429 after ${SIGN_IN_LIMITS.perEmailAndIp} failed tries for one email`, async () => {
    const c = await client();
    const page = await c.follow(await c.authorize({ ui_locales: 'es' }));
    const html = await page.text();
    const form = () => new Response(html, { status: 200 });
    for (let i = 0; i < SIGN_IN_LIMITS.perEmailAndIp; i++) {
      const res = await c.submitSignIn(form(), 'staff@demo.local', `guess-${i}`);
      expect(res.status).toBe(200);
    }
    const limited = await c.submitSignIn(form(), 'staff@demo.local', 'guess-again');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('900');
    expect(await limited.text()).toContain(pageText('es', 'tooMany'));
    // Even the right password waits now; another account from the same address does not.
    const right = await c.submitSignIn(form(), 'STAFF@demo.local', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    const other = await c.follow(await c.submitSignIn(form(), 'owner@demo.local', DEMO_PASSWORD));
    expect(c.codeFrom(other)).toBeTruthy();
  });
});
