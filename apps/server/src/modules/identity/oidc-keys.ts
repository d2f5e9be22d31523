import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Config } from '../../config.ts';
import { loadSecretsKey, openWith, sealWith } from '../../secret-box.ts';
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

/** The key the provider's keys are sealed under, and the one of before a rotation. */
export type KeysAtRest = { current: Buffer; previous?: Buffer };

/**
 * OIDC_KEYS_ENCRYPTION_KEY, or else the server's key for secrets at rest (SECRETS_ENCRYPTION_KEY
 * or the key file made in the data folder): never stored plain.
 */
export function oidcKeysAtRest(
  config: Pick<Config, 'secretsEncryptionKey' | 'encryptionKeyPrevious' | 'dataDir'> & {
    oidc: Pick<Config['oidc'], 'keysEncryptionKey'>;
  },
): KeysAtRest {
  return {
    current:
      config.oidc.keysEncryptionKey ?? loadSecretsKey(config.secretsEncryptionKey, config.dataDir),
    previous: config.encryptionKeyPrevious,
  };
}

const isSealed = (material: Record<string, unknown>): material is Sealed =>
  material.alg === 'A256GCM' && typeof material.data === 'string';

/** The row's id and kind are authenticated with it: a sealed key cannot be moved to another row. */
const aad = (row: Pick<Row, 'id' | 'kind'>) => `oidc_keys:${row.kind}:${row.id}`;

const seal = (key: Buffer, row: Pick<Row, 'id' | 'kind'>, material: object): Sealed => ({
  alg: 'A256GCM',
  ...sealWith(key, JSON.stringify(material), aad(row)),
});

/** A row's material, and whether it is stored as it should stay (sealed under the current key). */
function open(keys: KeysAtRest, row: Row): { material: Record<string, unknown>; current: boolean } {
  const material = row.material;
  // Stored plain by a version before encryption at rest: read, and sealed on this start.
  if (!isSealed(material)) return { material, current: false };
  const opened = openWith(
    keys.previous ? [keys.current, keys.previous] : [keys.current],
    material,
    aad(row),
  );
  if (!opened) {
    throw new Error(
      'The OIDC signing keys in the database do not open with this key (OIDC_KEYS_ENCRYPTION_KEY, or else SECRETS_ENCRYPTION_KEY or DATA_DIR/secrets-encryption.key; ENCRYPTION_KEY_PREVIOUS while rotating): every copy of the server needs the same one',
    );
  }
  return {
    material: JSON.parse(opened.plain) as Record<string, unknown>,
    current: opened.keyIndex === 0,
  };
}

/**
 * The provider's keys from the database, made on first start. Two servers starting at once
 * on an empty database agree on one set (advisory lock), and a restart reuses it, so tokens
 * and session cookies stay valid. They are stored sealed (AES-256-GCM) under `keys.current`;
 * keys stored plain by an older version, or under the previous key of a rotation, are sealed
 * again on this start.
 */
export async function loadOrCreateOidcKeys(
  repo: OidcKeysRepository,
  keys: KeysAtRest,
): Promise<OidcKeys> {
  const rows = await repo.all();
  const complete = hasBoth(rows);
  const stale = rows.some((r) => !open(keys, r).current);
  if (complete && !stale) return readKeys(rows, keys);

  const jwk = complete ? undefined : await newSigningJwk();
  await repo.whileLocked(async (current, writes) => {
    const kinds = new Set(current.map((r) => r.kind));
    if (jwk && !kinds.has('signing')) {
      const row = { id: String(jwk.kid), kind: 'signing' };
      await writes.insert({ ...row, material: seal(keys.current, row, jwk) });
    }
    if (!kinds.has('cookie')) {
      const row = { id: `cookie-${randomUUID()}`, kind: 'cookie' };
      const secret = randomBytes(32).toString('base64url');
      await writes.insert({ ...row, material: seal(keys.current, row, { secret }) });
    }
    for (const row of current) {
      const opened = open(keys, row);
      if (!opened.current)
        await writes.setMaterial(row.id, seal(keys.current, row, opened.material));
    }
  });
  const stored = await repo.all();
  if (!hasBoth(stored)) throw new Error('OIDC keys were not stored');
  return readKeys(stored, keys);
}

function hasBoth(rows: Row[]): boolean {
  return rows.some((r) => r.kind === 'signing') && rows.some((r) => r.kind === 'cookie');
}

function readKeys(rows: Row[], keys: KeysAtRest): OidcKeys {
  const newestFirst = [...rows].reverse();
  const signing = newestFirst
    .filter((r) => r.kind === 'signing')
    .map((r) => open(keys, r).material as JWK);
  const cookie = newestFirst
    .filter((r) => r.kind === 'cookie')
    .map((r) => String(open(keys, r).material.secret));
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
