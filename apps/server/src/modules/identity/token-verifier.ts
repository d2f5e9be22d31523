import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { OidcConfig } from '../../config.ts';
import type { IssuerMetadata } from './issuer-discovery.ts';
import { SIGNING_ALG, publicJwk } from './oidc-keys.ts';

export type VerifiedToken = {
  sub: string;
  /** The email claim (OIDC_EMAIL_CLAIM; of a list, the first), lower-cased. */
  email: string | undefined;
  emailVerified: boolean | undefined;
  /** The role claim (OIDC_ROLE_CLAIM): informational, never trusted for access. */
  role: string | undefined;
  claims: JWTPayload;
};

export type TokenVerifier = {
  /** Resolves the token's claims, or rejects when the token is bad in any way. */
  verify(token: string): Promise<VerifiedToken>;
  /** true: `sub` is our user id (embedded issuer); false: users are matched by email. */
  subIsUserId: boolean;
};

// Asymmetric algorithms only: a symmetric `alg` with a public key is the classic forgery.
const ASYMMETRIC = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];

/**
 * Access-token verification with jose: our own keys locally for the embedded issuer (no HTTP),
 * the issuer's JWKS (cached by jose) for an external one. Issuer, audience, expiry and
 * signature must all hold.
 */
export function createTokenVerifier(
  oidc: OidcConfig,
  keys: { embedded: JWK[] } | { external: IssuerMetadata },
): TokenVerifier {
  const keySet: JWTVerifyGetKey =
    'embedded' in keys
      ? createLocalJWKSet({ keys: keys.embedded.map(publicJwk) })
      : createRemoteJWKSet(new URL(oidc.jwksUri ?? keys.external.jwksUri));
  // An external issuer's tokens carry the `iss` its discovery names (B2C: not the authority).
  const issuer = 'external' in keys ? keys.external.issuer : oidc.issuer;
  return {
    subIsUserId: oidc.embedded,
    async verify(token) {
      const { payload } = await jwtVerify(token, keySet, {
        issuer,
        audience: oidc.audience,
        algorithms: oidc.embedded ? [SIGNING_ALG] : ASYMMETRIC,
        // Ours are RFC 9068 access tokens; an ID token (same key) must never pass as one.
        ...(oidc.embedded ? { typ: 'at+jwt' } : {}),
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      });
      // Azure AD B2C puts a local account's address in `emails`, a list.
      const claimed = payload[oidc.emailClaim];
      const email = Array.isArray(claimed) ? claimed.find((e) => typeof e === 'string') : claimed;
      const verified = payload.email_verified;
      const role = payload[oidc.roleClaim];
      return {
        sub: String(payload.sub),
        email: typeof email === 'string' ? email.toLowerCase() : undefined,
        emailVerified: typeof verified === 'boolean' ? verified : undefined,
        role: typeof role === 'string' ? role : undefined,
        claims: payload,
      };
    },
  };
}
