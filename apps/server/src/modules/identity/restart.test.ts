import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { baseUrlOf, bearer, OidcTestClient, type TokenSet } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

// A restart is a new app on the same database: nobody is signed out by it.
let ctx: TestContext;
let restarted: App;
let browser: OidcTestClient;
let before: TokenSet;
let jwksBefore: unknown;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  browser = await OidcTestClient.for(ctx);
  before = await browser.signIn('manager@demo.local');
  jwksBefore = (await ctx.app.inject({ method: 'GET', url: '/oidc/jwks' })).json();
  await ctx.app.close();
  restarted = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
  await restarted.ready();
  browser.baseUrl = await baseUrlOf(restarted);
});
afterAll(async () => {
  await restarted.close();
  await ctx.database.dispose();
});

describe('after a restart on the same database', () => {
  it('signs with the same keys', async () => {
    const jwks = (await restarted.inject({ method: 'GET', url: '/oidc/jwks' })).json();
    expect(jwks).toEqual(jwksBefore);
  });

  it('still accepts the access token issued before', async () => {
    const res = await restarted.inject({
      method: 'GET',
      url: '/api/admin/users/me',
      headers: bearer(before.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.email).toBe('manager@demo.local');
  });

  it('renews with the refresh token issued before', async () => {
    const renewed = await browser.refresh(before.refreshToken ?? '');
    expect(decodeJwt(renewed.accessToken).email).toBe('manager@demo.local');
    const res = await restarted.inject({
      method: 'GET',
      url: '/api/admin/users/tenants',
      headers: bearer(renewed.accessToken),
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the browser session: prompt=none signs in without the password', async () => {
    const silent = await browser.follow(await browser.authorize({ prompt: 'none' }));
    const tokens = await browser.exchange(browser.codeFrom(silent));
    expect(decodeJwt(tokens.accessToken).email).toBe('manager@demo.local');
  });
});
