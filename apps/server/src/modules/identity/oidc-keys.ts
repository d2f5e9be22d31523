import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { OidcKeyRow, OidcKeysRepository } from './oidc.repository.ts';

export const SIGNING_ALG = 'RS256';

export type OidcKeys = {
  /** Private signing JWKs, newest first (the provider signs with the first). */
  signing: JWK[];
  /** Cookie-signing secrets, newest first. */
  cookie: string[];
};

type Row = OidcKeyRow;
type Sealed = { alg: 'A256GCM'; iv: string; tag: string; data: string };

const isSealed = (material: Record<string, unknown>): material is Sealed =>
  material.alg === 'A256GCM' && typeof material.data === 'string';

/** The row's id and kind are authenticated with it: a sealed key cannot be moved to another row. */
const aad = (row: Pick<Row, 'id' | 'kind'>) => Buffer.from(`oidc_keys:${row.kind}:${row.id}`);

function seal(key: Buffer, row: Pick<Row, 'id' | 'kind'>, material: object): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(row));
  const data = Buffer.concat([cipher.update(JSON.stringify(material), 'utf8'), cipher.final()]);
  return {
    alg: 'A256GCM',
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

function open(key: Buffer | undefined, row: Row): Record<string, unknown> {
  const material = row.material;
  if (!isSealed(material)) return material;
  if (!key) {
    throw new Error(
      'The OIDC signing keys in the database are encrypted: set OIDC_KEYS_ENCRYPTION_KEY',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(material.iv, 'base64url'))
      .setAAD(aad(row))
      .setAuthTag(Buffer.from(material.tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(material.data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(
      'The OIDC signing keys in the database do not open with this OIDC_KEYS_ENCRYPTION_KEY',
    );
  }
}

/**
 * The provider's keys from the database, made on first start. Two servers starting at once
 * on an empty database agree on one set (advisory lock), and a restart reuses it, so tokens
 * and session cookies stay valid. With an encryption key they are stored sealed (AES-256-GCM),
 * and keys stored plain before are sealed on this start.
 */
export async function loadOrCreateOidcKeys(
  repo: OidcKeysRepository,
  encryptionKey?: Buffer,
): Promise<OidcKeys> {
  const rows = await repo.all();
  const complete = hasBoth(rows);
  const plain = encryptionKey !== undefined && rows.some((r) => !isSealed(r.material));
  if (complete && !plain) return readKeys(rows, encryptionKey);

  const jwk = complete ? undefined : await newSigningJwk();
  await repo.whileLocked(async (current, writes) => {
    const kinds = new Set(current.map((r) => r.kind));
    const store = (row: Pick<Row, 'id' | 'kind'>, material: Record<string, unknown>) =>
      encryptionKey ? seal(encryptionKey, row, material) : material;
    if (jwk && !kinds.has('signing')) {
      const row = { id: String(jwk.kid), kind: 'signing' };
      await writes.insert({ ...row, material: store(row, jwk) });
    }
    if (!kinds.has('cookie')) {
      const row = { id: `cookie-${randomUUID()}`, kind: 'cookie' };
      const secret = randomBytes(32).toString('base64url');
      await writes.insert({ ...row, material: store(row, { secret }) });
    }
    if (encryptionKey) {
      for (const row of current.filter((r) => !isSealed(r.material))) {
        await writes.setMaterial(row.id, seal(encryptionKey, row, row.material));
      }
    }
  });
  const stored = await repo.all();
  if (!hasBoth(stored)) throw new Error('OIDC keys were not stored');
  return readKeys(stored, encryptionKey);
}

function hasBoth(rows: Row[]): boolean {
  return rows.some((r) => r.kind === 'signing') && rows.some((r) => r.kind === 'cookie');
}

function readKeys(rows: Row[], encryptionKey: Buffer | undefined): OidcKeys {
  const newestFirst = [...rows].reverse();
  const signing = newestFirst
    .filter((r) => r.kind === 'signing')
    .map((r) => open(encryptionKey, r) as JWK);
  const cookie = newestFirst
    .filter((r) => r.kind === 'cookie')
    .map((r) => String(open(encryptionKey, r).secret));
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
