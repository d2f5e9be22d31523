import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * An external OpenID Connect issuer for the end-to-end tests, shaped like Azure AD B2C: the
 * authority has a user-flow policy in its path, its tokens' `iss` is another URL (the one its
 * discovery names), "forgot password" comes back as the error AADB2C90118, and the password
 * reset is a separate policy answering with an ID token in the fragment.
 *
 * oauth2-mock-server serves discovery, keys, token, authorize and end-session; this wraps it with
 * what a real issuer has and the mock has not: a sign-in page, a session cookie, users, and
 * refresh tokens that die with the session.
 */
export const TENANT_PATH = '/contoso.onmicrosoft.com';
export const SIGN_IN_POLICY = 'B2C_1_signin';
export const RESET_POLICY = 'B2C_1_reset';
const POLICY_PATH = `${TENANT_PATH}/${SIGN_IN_POLICY}/v2.0`;
const OAUTH = `${TENANT_PATH}/oauth2/v2.0`;
const LOGIN_PAGE = `${TENANT_PATH}/login`;
const SESSION_COOKIE = 'issuer_session';

export const CLIENT_ID = '6f1c3c1e-admin-spa';
export const AUDIENCE = 'api://restaurant-admin';

export type IssuerUser = { sub: string; email: string; name: string; roles?: string };

/** The people this issuer knows (only some of them are users of the restaurant admin). */
export const ISSUER_USERS: IssuerUser[] = [
  { sub: 'b2c-owner', email: 'owner@demo.local', name: 'Lina Haddad', roles: 'StoreOwner' },
  // The issuer's role claim says owner; our membership says order taker.
  { sub: 'b2c-staff', email: 'staff@demo.local', name: 'Sami Nasser', roles: 'StoreOwner' },
  { sub: 'b2c-stranger', email: 'stranger@example.com', name: 'Sam Stranger' },
];

export type EndSessionCall = { idTokenHint: string | null; postLogoutRedirectUri: string | null };
export type ResetCall = Record<string, string>;

export type ExternalIssuer = {
  /** What OIDC_ISSUER is set to: the sign-in policy's authority. */
  authority: string;
  /** The `iss` of its tokens, from its discovery (not the authority). */
  issuer: string;
  origin: string;
  passwordResetUrl: string;
  endSessionCalls: EndSessionCall[];
  resetCalls: ResetCall[];
  /** Grant types asked of the token endpoint, in order. */
  tokenGrants: string[];
  /** Access-token lifetime in seconds for tokens issued from now on. */
  setTokenLifetime(seconds: number): void;
  /** A signed access token of this issuer, for calling the API directly. */
  accessToken(email: string, claims?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
};

const html = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(
    `<!doctype html><html lang="en"><head><title>Contoso sign-in</title></head><body>${body}</body></html>`,
  );
};
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

function cookieOf(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie ?? '';
  return header
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === SESSION_COOKIE)?.[1];
}

export async function startExternalIssuer(port = 0): Promise<ExternalIssuer> {
  const mock = new OAuth2Server(undefined, undefined, {
    endpoints: {
      jwks: `${POLICY_PATH}/discovery/v2.0/keys`,
      authorize: `${OAUTH}/authorize`,
      token: `${OAUTH}/token`,
      userinfo: `${OAUTH}/userinfo`,
      revoke: `${OAUTH}/revoke`,
      endSession: `${OAUTH}/logout`,
      introspect: `${OAUTH}/introspect`,
    },
  });
  await mock.issuer.keys.generate('RS256');
  const service = mock.service;

  const sessions = new Map<string, IssuerUser>();
  const codeUsers = new Map<string, { user: IssuerUser; session: string }>();
  const refreshTokens = new Map<string, { user: IssuerUser; session: string }>();
  const endSessionCalls: EndSessionCall[] = [];
  const resetCalls: ResetCall[] = [];
  const tokenGrants: string[] = [];
  let lifetime = 600;

  const userOf = (email: string) => ISSUER_USERS.find((u) => u.email === email);
  const stamp = (payload: Record<string, unknown>, user: IssuerUser) => {
    // B2C names a local account's address in `emails`, a list.
    Object.assign(payload, { sub: user.sub, emails: [user.email], name: user.name });
    if (user.roles) payload.roles = user.roles;
  };

  // Who the code or refresh token belongs to decides the tokens' subject and claims.
  const grantOf = (body: Record<string, string>) =>
    body.grant_type === 'authorization_code'
      ? codeUsers.get(body.code ?? '')
      : body.grant_type === 'refresh_token'
        ? refreshTokens.get(body.refresh_token ?? '')
        : undefined;

  service.on('beforeTokenSigning', (token, req) => {
    const grant = grantOf(req.body as Record<string, string>);
    if (!grant) return;
    stamp(token.payload, grant.user);
    const now = Math.floor(Date.now() / 1000);
    token.payload.exp = now + lifetime;
    // The ID token already names the client; the access token is for the API.
    token.payload.aud ??= AUDIENCE;
  });
  service.on('beforeResponse', (response, req) => {
    const body = req.body as Record<string, string>;
    tokenGrants.push(body.grant_type ?? '');
    const grant = grantOf(body);
    // A refresh token of an ended session (or a used one: they rotate) is refused.
    if (!grant || !sessions.has(grant.session)) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'AADB2C90080: grant expired' };
      return;
    }
    if (body.grant_type === 'refresh_token') refreshTokens.delete(body.refresh_token ?? '');
    if (body.grant_type === 'authorization_code') codeUsers.delete(body.code ?? '');
    const resBody = response.body as Record<string, unknown>;
    refreshTokens.set(String(resBody.refresh_token), grant);
    resBody.expires_in = lifetime;
  });
  service.on('beforeAuthorizeRedirect', (redirect, req) => {
    const sid = cookieOf(req);
    const user = sid ? sessions.get(sid) : undefined;
    const code = redirect.url.searchParams.get('code');
    if (sid && user && code) {
      codeUsers.set(code, { user, session: sid });
      return;
    }
    // No session here: the issuer's sign-in page first, then this same authorize request.
    const login = new URL(LOGIN_PAGE, origin);
    login.searchParams.set('return', req.url ?? '/');
    // The mock redirects to the URL object it handed out: change it in place.
    redirect.url.href = login.href;
  });
  service.on('beforePostLogoutRedirect', (_redirect, req) => {
    const url = new URL(req.url ?? '/', origin);
    endSessionCalls.push({
      idTokenHint: url.searchParams.get('id_token_hint'),
      postLogoutRedirectUri: url.searchParams.get('post_logout_redirect_uri'),
    });
    const sid = cookieOf(req);
    if (sid) sessions.delete(sid);
  });

  const loginPage = (returnTo: string, error?: string) =>
    `<h1>Contoso sign-in</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${LOGIN_PAGE}">
<input type="hidden" name="return" value="${escape(returnTo)}">
<label>Email address <input name="email" type="email" autocomplete="username"></label>
<button name="action" value="signin">Sign in</button>
<button name="action" value="forgot">Forgot your password?</button>
<button name="action" value="cancel">Cancel</button>
</form>`;

  async function handleExtra(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return true;
    }
    if (url.pathname === `${POLICY_PATH}/.well-known/openid-configuration`) {
      // B2C's discovery: found under the policy's authority, naming the tenant's `iss`.
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      res.end(
        JSON.stringify({
          issuer: tokenIssuer,
          authorization_endpoint: `${origin}${OAUTH}/authorize`,
          token_endpoint: `${origin}${OAUTH}/token`,
          userinfo_endpoint: `${origin}${OAUTH}/userinfo`,
          end_session_endpoint: `${origin}${OAUTH}/logout`,
          jwks_uri: `${origin}${POLICY_PATH}/discovery/v2.0/keys`,
          response_types_supported: ['code', 'id_token'],
          subject_types_supported: ['pairwise'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        }),
      );
      return true;
    }
    if (url.pathname === LOGIN_PAGE && req.method === 'GET') {
      html(res, 200, loginPage(url.searchParams.get('return') ?? '/'));
      return true;
    }
    if (url.pathname === LOGIN_PAGE && req.method === 'POST') {
      const form = await readForm(req);
      const returnTo = form.get('return') ?? '/';
      // Only this issuer's own authorize requests are resumed.
      const authorize = new URL(returnTo, origin);
      if (authorize.origin !== origin || authorize.pathname !== `${OAUTH}/authorize`) {
        html(res, 400, '<p>Bad request</p>');
        return true;
      }
      const action = form.get('action');
      if (action === 'forgot' || action === 'cancel') {
        // B2C answers these at the client's redirect URI with its own error codes.
        const back = new URL(authorize.searchParams.get('redirect_uri') ?? '/');
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set(
          'error_description',
          action === 'forgot'
            ? 'AADB2C90118: The user has forgotten their password.'
            : 'AADB2C90091: The user has cancelled entering self-asserted information.',
        );
        const state = authorize.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        res.writeHead(302, { location: back.href }).end();
        return true;
      }
      const user = userOf((form.get('email') ?? '').trim().toLowerCase());
      if (!user) {
        html(res, 200, loginPage(returnTo, 'We can’t seem to find your account.'));
        return true;
      }
      const sid = randomUUID();
      sessions.set(sid, user);
      res
        .writeHead(302, {
          location: authorize.href,
          'set-cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax`,
        })
        .end();
      return true;
    }
    if (url.pathname === `${OAUTH}/authorize` && url.searchParams.get('p') === RESET_POLICY) {
      // The reset policy: records what it was asked, "resets" and signs the user in.
      if (!url.searchParams.has('done')) {
        resetCalls.push(Object.fromEntries(url.searchParams));
        const email = ISSUER_USERS[0]!.email;
        html(
          res,
          200,
          `<h1>Reset your password</h1><form method="get" action="${OAUTH}/authorize">
${[...url.searchParams].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('')}
<input type="hidden" name="done" value="1">
<label>Email address <input name="email" type="email" value="${email}"></label>
<button>Continue</button></form>`,
        );
        return true;
      }
      const user = userOf(url.searchParams.get('email') ?? '') ?? ISSUER_USERS[0]!;
      const sid = randomUUID();
      sessions.set(sid, user);
      const idToken = await mock.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          stamp(payload, user);
          payload.aud = url.searchParams.get('client_id') ?? CLIENT_ID;
          payload.nonce = url.searchParams.get('nonce');
        },
      });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '/');
      back.hash = new URLSearchParams({ id_token: idToken }).toString();
      res
        .writeHead(302, {
          location: back.href,
          'set-cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax`,
        })
        .end();
      return true;
    }
    return false;
  }

  const server: Server = createServer((req, res) => {
    handleExtra(req, res).then(
      (handled) => {
        if (!handled) service.requestHandler(req, res);
      },
      (err: unknown) => {
        console.error('external issuer failed', err);
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // B2C's `iss` is the tenant's URL, not the policy's authority.
  const tokenIssuer = `${origin}/d1f2e3c4-5b6a-4789-90ab-cdef01234567/v2.0/`;
  mock.issuer.url = tokenIssuer;

  return {
    authority: `${origin}${POLICY_PATH}/`,
    issuer: tokenIssuer,
    origin,
    passwordResetUrl: `${origin}${OAUTH}/authorize?p=${RESET_POLICY}`,
    endSessionCalls,
    resetCalls,
    tokenGrants,
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    accessToken: (email, claims = {}) =>
      mock.issuer.buildToken({
        scopesOrTransform: (_header, payload) => {
          stamp(payload, userOf(email) ?? { sub: 'x', email, name: email });
          payload.aud = AUDIENCE;
          Object.assign(payload, claims);
        },
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type RelyingServer = { url: string; stop(): Promise<void>; output(): string };

function spawnServer(port: number, env: Record<string, string>, dataDir: string) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [process.env.E2E_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_DIST: process.env.E2E_ADMIN_DIST ?? path.join(root, 'apps/admin/dist'),
        LOG_LEVEL: 'warn',
        // The demo's people, whom the external issuer signs in (its users carry their e-mails).
        SEED_DEMO: 'true',
        SEED_DEMO_ACTIVITY: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = { text: '' };
  child.stdout?.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out.text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, out, exited };
}

/**
 * Our built server, started the way a deployment would with only the documented variables for
 * an external issuer. The Playwright config's own server keeps the embedded provider.
 */
export async function startServerWithIssuer(
  port: number,
  env: Record<string, string>,
): Promise<RelyingServer> {
  const dataDir = path.join(root, '.tmp', `e2e-external-issuer-${port}`);
  const { child, out, exited } = spawnServer(port, env, dataDir);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out.text}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`the server did not get ready:\n${out.text}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => out.text,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server expecting it to refuse to start; resolves with its exit code and output. */
export async function failedStart(
  port: number,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = path.join(root, '.tmp', `e2e-external-issuer-${port}-failed`);
  const { child, out, exited } = spawnServer(port, env, dataDir);
  const timer = setTimeout(() => child.kill(), 90_000);
  const code = await exited;
  clearTimeout(timer);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, output: out.text };
}
