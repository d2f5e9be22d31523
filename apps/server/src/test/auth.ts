import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { ROLE_CLAIM } from '@app/contracts';
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/demo-data.ts';
import { createAccountsRepository } from '../modules/identity/accounts.repository.ts';
import {
  loadOrCreateOidcKeys,
  oidcKeysAtRest,
  SIGNING_ALG,
} from '../modules/identity/oidc-keys.ts';
import { createOidcKeysRepository } from '../modules/identity/oidc.repository.ts';

/** The part of a test context the helpers need. */
export type AuthTestTarget = { app: App; config: Config; database: { db: Db } };
/** What forging a token needs: the app's configuration and database (for its key). */
export type ForgeTarget = { config: Config; database: { db: Db } };

export type TokenSet = {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  expiresIn: number;
  scope: string | undefined;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The app's HTTP origin, listening on a free 127.0.0.1 port the first time it is asked. */
export async function baseUrlOf(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Cookies as a browser would keep them for one origin (paths ignored: one test client). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

/**
 * A browser plus the SPA, driving the real authorization-code + PKCE flow over HTTP:
 * /oidc/auth → our sign-in page → POST the form → redirects → code → /oidc/token.
 */
export class OidcTestClient {
  readonly jar = new CookieJar();
  readonly redirectUri: string;
  private verifier = '';
  private state = '';

  constructor(
    /** Mutable: point the same "browser" at a restarted server. */
    public baseUrl: string,
    readonly config: Config,
  ) {
    this.redirectUri = `${config.publicUrl}/auth/authcallback`;
  }

  static async for(target: AuthTestTarget): Promise<OidcTestClient> {
    return new OidcTestClient(await baseUrlOf(target.app), target.config);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.baseUrl).toString();
    const headers = new Headers(init.headers);
    const cookie = this.jar.header();
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.jar.store(res);
    return res;
  }

  /** Starts a sign-in; answers the provider's first response (a redirect to the sign-in page). */
  async authorize(params: Record<string, string> = {}): Promise<Response> {
    this.verifier = randomBytes(32).toString('base64url');
    this.state = randomUUID();
    const challenge = createHash('sha256').update(this.verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: this.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: this.config.oidc.scope,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: this.state,
      nonce: randomUUID(),
      ...params,
    });
    return this.fetch(`/oidc/auth?${query}`);
  }

  /** Follows redirects until one leaves for the SPA's callback (or a page is shown). */
  async follow(res: Response): Promise<Response> {
    let current = res;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      if (location.startsWith(this.redirectUri)) return current;
      current = await this.fetch(location);
    }
    throw new Error('too many redirects');
  }

  /** Posts the sign-in form shown at `page`. */
  async submitSignIn(
    page: Response,
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no sign-in form (HTTP ${page.status}): ${html.slice(0, 300)}`);
    return this.fetch(action.replace(/&amp;/g, '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ email, password }).toString(),
    });
  }

  /** The code from the redirect to the SPA's callback; checks state and issuer. */
  codeFrom(res: Response): string {
    const location = res.headers.get('location') ?? '';
    if (!location.startsWith(this.redirectUri)) {
      throw new Error(`expected a redirect to the callback, got HTTP ${res.status} ${location}`);
    }
    const url = new URL(location);
    if (url.searchParams.get('state') !== this.state) throw new Error('state mismatch');
    if (url.searchParams.get('iss') !== this.config.oidc.issuer) throw new Error('iss mismatch');
    const code = url.searchParams.get('code');
    if (!code) throw new Error(`no code: ${location}`);
    return code;
  }

  async exchange(code: string): Promise<TokenSet> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      client_id: this.config.oidc.clientId,
      code_verifier: this.verifier,
    });
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: this.config.oidc.clientId,
    });
  }

  async token(form: Record<string, string>): Promise<TokenSet> {
    const res = await this.fetch('/oidc/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200)
      throw new Error(`token endpoint ${res.status}: ${JSON.stringify(body)}`);
    return {
      accessToken: String(body.access_token),
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
      idToken: typeof body.id_token === 'string' ? body.id_token : undefined,
      expiresIn: Number(body.expires_in),
      scope: typeof body.scope === 'string' ? body.scope : undefined,
    };
  }

  /** The whole sign-in, as a user typing the password on our page. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<TokenSet> {
    const page = await this.follow(await this.authorize());
    const done = await this.follow(await this.submitSignIn(page, email, password));
    return this.exchange(this.codeFrom(done));
  }
}

const tokenCache = new WeakMap<App, Map<string, Promise<TokenSet>>>();

/**
 * Tokens for a demo account through the real sign-in (cached per app, so once per test file).
 * Use `(await tokensFor(ctx, 'owner@demo.local')).accessToken`, or `accessTokenFor`.
 */
export function tokensFor(target: AuthTestTarget, email: string): Promise<TokenSet> {
  let perApp = tokenCache.get(target.app);
  if (!perApp) tokenCache.set(target.app, (perApp = new Map()));
  let tokens = perApp.get(email);
  if (!tokens) {
    tokens = OidcTestClient.for(target).then((client) => client.signIn(email));
    perApp.set(email, tokens);
    tokens.catch(() => perApp.delete(email));
  }
  return tokens;
}

export async function accessTokenFor(target: AuthTestTarget, email: string): Promise<string> {
  return (await tokensFor(target, email)).accessToken;
}

/** Ready-made request headers for a demo account: `headers: await authAs(ctx, 'owner@demo.local')`. */
export async function authAs(target: AuthTestTarget, email: string) {
  return bearer(await accessTokenFor(target, email));
}

export type ForgedKind =
  | 'valid'
  | 'foreign-key'
  | 'expired'
  | 'wrong-audience'
  | 'wrong-issuer'
  | 'wrong-type'
  | 'unsigned';

/**
 * An access token for a real user that is wrong in exactly one way (or not at all, 'valid', to
 * prove the others fail for that one reason). All but 'foreign-key' and 'unsigned' are signed
 * with the app's own key.
 */
export async function forgeToken(
  target: ForgeTarget,
  kind: ForgedKind,
  email = 'owner@demo.local',
): Promise<string> {
  const { db } = target.database;
  const { oidc } = target.config;
  const user = await createAccountsRepository(db).findUserByEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = {
    sub: user.id,
    email: user.email,
    [ROLE_CLAIM]: 'StoreOwner',
    client_id: oidc.clientId,
    scope: 'openid profile email api',
    jti: randomUUID(),
  };
  if (kind === 'unsigned') {
    const enc = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const payload = { ...claims, iss: oidc.issuer, aud: oidc.audience, iat: now, exp: now + 600 };
    return `${enc({ alg: 'none', typ: 'at+jwt' })}.${enc(payload)}.`;
  }
  const [jwk] = (
    await loadOrCreateOidcKeys(createOidcKeysRepository(db), oidcKeysAtRest(target.config))
  ).signing;
  if (!jwk) throw new Error('no signing key');
  const key =
    kind === 'foreign-key'
      ? (await generateKeyPair(SIGNING_ALG)).privateKey
      : await importJWK(jwk, SIGNING_ALG);
  const expired = kind === 'expired';
  return new SignJWT(claims)
    .setProtectedHeader({
      alg: SIGNING_ALG,
      typ: kind === 'wrong-type' ? 'JWT' : 'at+jwt',
      // The foreign key claims the real key's id: only the signature gives it away.
      kid: jwk.kid,
    })
    .setIssuer(kind === 'wrong-issuer' ? 'https://issuer.invalid/oidc' : oidc.issuer)
    .setAudience(kind === 'wrong-audience' ? 'https://elsewhere.invalid/api' : oidc.audience)
    .setIssuedAt(expired ? now - 7200 : now)
    .setExpirationTime(expired ? now - 3600 : now + 600)
    .sign(key);
}
