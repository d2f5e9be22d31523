import { randomBytes, randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { oidcKeys } from './oidc.table.ts';

export const SIGNING_ALG = 'RS256';

export type OidcKeys = {
  /** Private signing JWKs, newest first (the provider signs with the first). */
  signing: JWK[];
  /** Cookie-signing secrets, newest first. */
  cookie: string[];
};

/**
 * The provider's keys from the database, made on first start. Two servers starting at once
 * on an empty database agree on one set (advisory lock), and a restart reuses it, so tokens
 * and session cookies stay valid.
 */
export async function loadOrCreateOidcKeys(db: Db): Promise<OidcKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const jwk = await newSigningJwk();
  const secret = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7262002)`);
    const rows = await tx.select({ kind: oidcKeys.kind }).from(oidcKeys);
    const kinds = new Set(rows.map((r) => r.kind));
    if (!kinds.has('signing')) {
      await tx.insert(oidcKeys).values({ id: String(jwk.kid), kind: 'signing', material: jwk });
    }
    if (!kinds.has('cookie')) {
      await tx
        .insert(oidcKeys)
        .values({ id: `cookie-${randomUUID()}`, kind: 'cookie', material: { secret } });
    }
  });
  const made = await readKeys(db);
  if (!made) throw new Error('OIDC keys were not stored');
  return made;
}

async function readKeys(db: Db): Promise<OidcKeys | undefined> {
  const rows = await db.select().from(oidcKeys).orderBy(asc(oidcKeys.createdAt));
  const newestFirst = rows.reverse();
  const signing = newestFirst.filter((r) => r.kind === 'signing').map((r) => r.material as JWK);
  const cookie = newestFirst
    .filter((r) => r.kind === 'cookie')
    .map((r) => String(r.material.secret));
  if (signing.length === 0 || cookie.length === 0) return undefined;
  return { signing, cookie };
}

async function newSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: SIGNING_ALG, use: 'sig' };
}

/** The public half of a private JWK, for verifying without the provider. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, crv, x, y, kid, alg, use } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
  ) as JWK;
}
