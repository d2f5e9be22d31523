import type { OidcConfig } from '../../config.ts';

/** What the server needs of an external issuer's discovery document, read once at start. */
export type IssuerMetadata = {
  /** The `iss` its tokens carry (Azure AD B2C's differs from the authority it is found at). */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint: string | undefined;
  endSessionEndpoint: string | undefined;
  revocationEndpoint: string | undefined;
  checkSessionIframe: string | undefined;
};

const DISCOVERY_TIMEOUT_MS = 10_000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where discovery lives: the authority, policy path and all, then `/.well-known/...`. */
export function discoveryUrl(authority: string): string {
  return `${authority.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

function configError(message: string): Error {
  return new Error(`Invalid configuration:\n  OIDC_ISSUER: ${message}`);
}

/** Tokens and codes travel to these URLs: https only, plain http for this machine alone. */
function endpoint(doc: Record<string, unknown>, name: string, required: true): string;
function endpoint(doc: Record<string, unknown>, name: string, required: false): string | undefined;
function endpoint(doc: Record<string, unknown>, name: string, required: boolean) {
  const value = doc[name];
  if (value === undefined || value === null) {
    if (required) throw configError(`the issuer's discovery document has no ${name}`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw configError(`the discovery document's ${name} is not a URL (${String(value)})`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw configError(`the discovery document's ${name} must be https (${url.href})`);
  }
  return String(value);
}

/**
 * Reads the external issuer's discovery document; anything wrong with it stops the start with
 * the variable's name, rather than a server that runs but lets nobody sign in.
 */
export async function discoverIssuer(
  oidc: Pick<OidcConfig, 'issuer'>,
  fetchImpl: typeof fetch = fetch,
): Promise<IssuerMetadata> {
  const url = discoveryUrl(oidc.issuer);
  const authority = new URL(oidc.issuer);
  if (authority.protocol !== 'https:' && !LOOPBACK.has(authority.hostname)) {
    throw configError(`must be https (${oidc.issuer})`);
  }
  let doc: unknown;
  try {
    const res = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    doc = await res.json();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw configError(`cannot read the issuer's discovery document at ${url} (${reason})`);
  }
  if (typeof doc !== 'object' || doc === null) {
    throw configError(`${url} is not a discovery document`);
  }
  const d = doc as Record<string, unknown>;
  return {
    issuer: endpoint(d, 'issuer', true),
    authorizationEndpoint: endpoint(d, 'authorization_endpoint', true),
    tokenEndpoint: endpoint(d, 'token_endpoint', true),
    jwksUri: endpoint(d, 'jwks_uri', true),
    userinfoEndpoint: endpoint(d, 'userinfo_endpoint', false),
    endSessionEndpoint: endpoint(d, 'end_session_endpoint', false),
    revocationEndpoint: endpoint(d, 'revocation_endpoint', false),
    checkSessionIframe: endpoint(d, 'check_session_iframe', false),
  };
}

/** Origins the admin's Content Security Policy must allow for sign-in at the issuer. */
export type IssuerOrigins = {
  /** fetch/XHR: discovery, token, userinfo, revocation, keys, end-session. */
  connect: string[];
  /** iframes: silent renewal without a refresh token, session checks. */
  frame: string[];
};

export function issuerOrigins(authority: string, meta: IssuerMetadata): IssuerOrigins {
  const origins = (urls: (string | undefined)[]) => [
    ...new Set(urls.filter((u): u is string => u !== undefined).map((u) => new URL(u).origin)),
  ];
  return {
    connect: origins([
      authority,
      meta.issuer,
      meta.tokenEndpoint,
      meta.userinfoEndpoint,
      meta.endSessionEndpoint,
      meta.revocationEndpoint,
      meta.jwksUri,
    ]),
    frame: origins([meta.authorizationEndpoint, meta.checkSessionIframe]),
  };
}
