import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bearer } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

// Another OIDC issuer by configuration: a stand-in IdP serves discovery and its JWKS; our
// users are matched by the configured email claim.
let idp: Server;
let issuer: string;
let signingKey: CryptoKey;
let ctx: TestContext;
let jwksFetches = 0;
const AUDIENCE = 'api://restaurant-admin';

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'ES256', use: 'sig' };
  idp = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/tenant-x/v2.0/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
    } else if (req.url === '/tenant-x/v2.0/keys') {
      jwksFetches++;
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/tenant-x/v2.0`;
  const config = loadConfig({
    PORT: '8080',
    LOG_LEVEL: 'silent',
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'spa-client-id',
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_SCOPE: 'openid profile email api://restaurant-admin/access',
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_EMAIL_CLAIM: 'upn',
  });
  ctx = await createTestApp({ seed: true, config });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => idp.close(resolve));
});

async function idpToken(claims: JWTPayload, opts: { aud?: string; expired?: boolean } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: 'external-subject-123', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'idp-1' })
    .setIssuer(issuer)
    .setAudience(opts.aud ?? AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(opts.expired ? now - 600 : now + 600)
    .sign(signingKey);
}
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/users/me', headers: bearer(token) });

describe('an external OIDC issuer', () => {
  it('replaces the embedded provider, and the SPA is told where to sign in', async () => {
    const discovery = await ctx.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(discovery.statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/auth-config' });
    expect(res.json()).toEqual({
      results: {
        authority: issuer,
        clientId: 'spa-client-id',
        scope: 'openid profile email api://restaurant-admin/access',
        audience: AUDIENCE,
        roleClaim: 'roles',
      },
    });
  });

  it('verifies its tokens against its JWKS and finds our user by the email claim', async () => {
    const res = await me(await idpToken({ upn: 'Owner@Demo.Local', roles: 'StoreOwner' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().results.email).toBe('owner@demo.local');
    const tenantsRes = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users/tenants',
      headers: bearer(await idpToken({ upn: 'staff@demo.local', roles: 'StoreOwner' })),
    });
    // The role claim says owner; the membership says order taker, and wins.
    expect(tenantsRes.json().results[0].role).toBe('OrderTaker');
    expect(jwksFetches).toBe(1);
  });

  it('never trusts the role claim for super admin rights', async () => {
    const token = await idpToken({ upn: 'owner@demo.local', roles: 'SuperAdmin' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/all',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 to a valid token of someone who is not our user, or whose email is unverified', async () => {
    expect((await me(await idpToken({ upn: 'stranger@example.com' }))).statusCode).toBe(403);
    expect((await me(await idpToken({}))).statusCode).toBe(403);
    const unverified = await idpToken({ upn: 'owner@demo.local', email_verified: false });
    expect((await me(unverified)).statusCode).toBe(403);
  });

  it('answers 401 to a token for another audience, an expired one, or one it did not sign', async () => {
    const claims = { upn: 'owner@demo.local' };
    expect((await me(await idpToken(claims, { aud: 'api://other' }))).statusCode).toBe(401);
    expect((await me(await idpToken(claims, { expired: true }))).statusCode).toBe(401);
    const stranger = (await generateKeyPair('ES256')).privateKey;
    const forged = await new SignJWT({ sub: 'x', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'idp-1' })
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(stranger);
    expect((await me(forged)).statusCode).toBe(401);
  });
});
