import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bearer } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { discoverIssuer } from './issuer-discovery.ts';

// Another OIDC issuer by configuration, shaped like Azure AD B2C: the authority has the policy
// in its path, its tokens' `iss` is another URL (from discovery), and its endpoints sit on a
// second origin. Our users are matched by the configured email claim.
let idp: Server;
let authority: string;
let issuer: string;
let endpoints: string;
let signingKey: CryptoKey;
let ctx: TestContext;
let jwksFetches = 0;
const AUDIENCE = 'api://restaurant-admin';
const POLICY_PATH = '/contoso.onmicrosoft.com/B2C_1_signin/v2.0';

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'ES256', use: 'sig' };
  idp = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === `${POLICY_PATH}/.well-known/openid-configuration`) {
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${endpoints}/oauth2/v2.0/authorize`,
          token_endpoint: `${endpoints}/oauth2/v2.0/token`,
          end_session_endpoint: `${endpoints}/oauth2/v2.0/logout`,
          jwks_uri: `${endpoints}/discovery/v2.0/keys`,
        }),
      );
    } else if (req.url === `${POLICY_PATH}/discovery/v2.0/keys`) {
      jwksFetches++;
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const port = (idp.address() as AddressInfo).port;
  authority = `http://127.0.0.1:${port}${POLICY_PATH}/`;
  issuer = `http://127.0.0.1:${port}/d1f2e3c4-tenant-guid/v2.0/`;
  // Another origin than the authority's: the CSP must name it too.
  endpoints = `http://localhost:${port}${POLICY_PATH}`;
  const config = loadConfig({
    PORT: '8080',
    LOG_LEVEL: 'silent',
    OIDC_ISSUER: authority,
    OIDC_CLIENT_ID: 'spa-client-id',
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_SCOPE: 'openid profile email api://restaurant-admin/access',
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_EMAIL_CLAIM: 'upn',
    OIDC_PASSWORD_RESET_URL: `${endpoints}/oauth2/v2.0/authorize?p=B2C_1_reset`,
  });
  ctx = await createTestApp({ seed: true, config });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => idp.close(resolve));
});

async function idpToken(
  claims: JWTPayload,
  opts: { aud?: string; iss?: string; expired?: boolean } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: 'external-subject-123', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'idp-1' })
    .setIssuer(opts.iss ?? issuer)
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
        authority,
        clientId: 'spa-client-id',
        scope: 'openid profile email api://restaurant-admin/access',
        audience: AUDIENCE,
        roleClaim: 'roles',
        passwordResetUrl: `${endpoints}/oauth2/v2.0/authorize?p=B2C_1_reset`,
      },
    });
  });

  it("lets the admin's browser reach the issuer's origins, read from its discovery", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/dashboard/main-dashboard' });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    const authorityOrigin = new URL(authority).origin;
    const endpointsOrigin = new URL(endpoints).origin;
    expect(authorityOrigin).not.toBe(endpointsOrigin);
    expect(directive('connect-src')).toEqual(
      expect.arrayContaining(["'self'", authorityOrigin, endpointsOrigin]),
    );
    expect(directive('frame-src')).toEqual(expect.arrayContaining(["'self'", endpointsOrigin]));
    // Nothing else is opened: scripts still come from this server alone.
    expect(directive('script-src')).toEqual(["'self'"]);
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

  it('answers 401 to a token for another audience or issuer, an expired one, or one it did not sign', async () => {
    const claims = { upn: 'owner@demo.local' };
    expect((await me(await idpToken(claims, { aud: 'api://other' }))).statusCode).toBe(401);
    // The authority's URL is not the `iss` B2C's discovery names.
    expect((await me(await idpToken(claims, { iss: authority }))).statusCode).toBe(401);
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

describe('an external issuer that is wrongly configured stops the start, naming the variable', () => {
  // What createIdentity runs at start for an external issuer, before the server listens.
  const start = (env: { OIDC_ISSUER: string }) =>
    discoverIssuer(loadConfig({ PORT: '8080', ...env }).oidc);

  it('when its discovery cannot be read', async () => {
    await expect(start({ OIDC_ISSUER: `${authority}nowhere/` })).rejects.toThrow(
      /OIDC_ISSUER: cannot read the issuer's discovery document at .*nowhere\/\.well-known\/openid-configuration \(HTTP 404\)/,
    );
    await expect(start({ OIDC_ISSUER: 'http://127.0.0.1:9/' })).rejects.toThrow(
      /OIDC_ISSUER: cannot read/,
    );
  });

  it('when it is not https (outside this machine)', async () => {
    await expect(start({ OIDC_ISSUER: 'http://idp.example.com/realms/x' })).rejects.toThrow(
      'OIDC_ISSUER: must be https (http://idp.example.com/realms/x)',
    );
  });

  it('when a setting of an external issuer is given without one', () => {
    expect(() =>
      loadConfig({ OIDC_ROLE_CLAIM: 'roles', OIDC_PASSWORD_RESET_URL: 'https://x.test/' }),
    ).toThrow(
      /OIDC_ROLE_CLAIM: only used with OIDC_ISSUER[^]*OIDC_PASSWORD_RESET_URL: only used with OIDC_ISSUER/,
    );
  });
});

// The settings docs/deployment.md gives for Keycloak and Auth0, against stand-ins serving the
// same discovery paths, `iss` forms, audiences and claims as those issuers.
describe.each([
  {
    name: 'Keycloak',
    issuerPath: '/realms/restaurants',
    jwksPath: '/realms/restaurants/protocol/openid-connect/certs',
    env: { OIDC_CLIENT_ID: 'restaurant-admin', OIDC_SCOPE: 'openid profile email' },
    // An audience mapper adds the client; Keycloak's own `account` stays beside it.
    aud: ['restaurant-admin', 'account'],
    claims: (email: string) => ({ email, email_verified: true, preferred_username: email }),
  },
  {
    name: 'Auth0',
    // Auth0's `iss` ends in '/', and must be given so.
    issuerPath: '/',
    jwksPath: '/.well-known/jwks.json',
    env: {
      OIDC_CLIENT_ID: 'Xk2a9spa',
      OIDC_AUDIENCE: 'https://api.restaurant-admin',
      OIDC_SCOPE: 'openid profile email offline_access',
      OIDC_EMAIL_CLAIM: 'https://restaurant-admin/email',
    },
    aud: ['https://api.restaurant-admin', 'https://tenant.auth0.com/userinfo'],
    claims: (email: string) => ({ 'https://restaurant-admin/email': email }),
  },
])('$name settings', ({ issuerPath, jwksPath, env, aud, claims }) => {
  let server: Server;
  let iss: string;
  let key: CryptoKey;
  let app: TestContext;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const base = issuerPath.replace(/\/$/, '');
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.url === `${base}/.well-known/openid-configuration`) {
        res.end(
          JSON.stringify({
            issuer: iss,
            authorization_endpoint: `${origin}${base}/authorize`,
            token_endpoint: `${origin}${base}/oauth/token`,
            jwks_uri: `${origin}${jwksPath}`,
          }),
        );
      } else if (req.url === jwksPath) {
        res.end(JSON.stringify({ keys: [jwk] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    iss = `http://127.0.0.1:${(server.address() as AddressInfo).port}${issuerPath}`;
    app = await createTestApp({
      seed: true,
      config: loadConfig({ PORT: '8080', LOG_LEVEL: 'silent', OIDC_ISSUER: iss, ...env }),
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const token = (email: string, audience: string | string[] = aud) =>
    new SignJWT({ sub: `idp|${email}`, ...claims(email) })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .setIssuer(iss)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const meWith = (t: string) =>
    app.app.inject({ method: 'GET', url: '/api/admin/users/me', headers: bearer(t) });

  it('signs our owner in by the email claim and refuses another audience', async () => {
    const res = await meWith(await token('Owner@Demo.Local'));
    expect(res.statusCode).toBe(200);
    expect(res.json().results.email).toBe('owner@demo.local');
    expect((await meWith(await token('owner@demo.local', 'someone-else'))).statusCode).toBe(401);
    expect((await meWith(await token('stranger@example.com'))).statusCode).toBe(403);
  });
});
