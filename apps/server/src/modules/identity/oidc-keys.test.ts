import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { seedDemoData } from '../../db/seed.ts';
import { SECRETS_KEY_FILE } from '../../secret-box.ts';
import { bearer, baseUrlOf, forgeToken, OidcTestClient } from '../../test/auth.ts';
import { createTestDatabase, testConfig } from '../../test/harness.ts';
import { loadOrCreateOidcKeys, oidcKeysAtRest, SIGNING_ALG } from './oidc-keys.ts';
import { createOidcKeysRepository } from './oidc.repository.ts';
import { oidcKeys } from './oidc.table.ts';

// The provider's private keys at rest: a dump of the database alone must not mint tokens.
const KEY = randomBytes(32).toString('base64');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: App[] = [];

// One data folder for every start below, as a server keeps between restarts.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oidc-keys-'));
const configWith = (env: Record<string, string>): Config => {
  const parsed = loadConfig(env);
  return testConfig({
    dataDir,
    // The server's default: the key file of its data folder (tests otherwise share one key).
    secretsEncryptionKey: parsed.secretsEncryptionKey,
    encryptionKeyPrevious: parsed.encryptionKeyPrevious,
    oidc: { ...testConfig().oidc, keysEncryptionKey: parsed.oidc.keysEncryptionKey },
  });
};
async function start(env: Record<string, string> = {}) {
  const config = configWith(env);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  apps.push(app);
  return { app, config };
}
const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/admin/users/me', headers: bearer(token) });
const storedRows = async (db = database) => db.owner.select().from(oidcKeys);
const expectSealed = async (db = database) => {
  const rows = await storedRows(db);
  expect(rows.map((r) => r.kind).sort()).toEqual(['cookie', 'signing']);
  for (const row of rows) {
    expect(Object.keys(row.material).sort()).toEqual(['alg', 'data', 'iv', 'tag']);
  }
};
const signInAs = async (app: App, config: Config, email: string) =>
  (await new OidcTestClient(await baseUrlOf(app), config).signIn(email)).accessToken;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('OIDC_KEYS_ENCRYPTION_KEY', () => {
  it('is base64 of 32 bytes, or the server does not start', () => {
    expect(loadConfig({ OIDC_KEYS_ENCRYPTION_KEY: KEY }).oidc.keysEncryptionKey).toHaveLength(32);
    expect(loadConfig({}).oidc.keysEncryptionKey).toBeUndefined();
    for (const bad of ['short', randomBytes(16).toString('base64'), '%%%%']) {
      expect(() => loadConfig({ OIDC_KEYS_ENCRYPTION_KEY: bad })).toThrow(
        /OIDC_KEYS_ENCRYPTION_KEY/,
      );
      expect(() => loadConfig({ ENCRYPTION_KEY_PREVIOUS: bad })).toThrow(/ENCRYPTION_KEY_PREVIOUS/);
    }
  });
});

describe('signing keys at rest', () => {
  let firstToken: string;
  let secondToken: string;

  it('are sealed without any setting, under a key file made in the data folder for its user only', async () => {
    const { app, config } = await start();
    firstToken = await signInAs(app, config, 'owner@demo.local');
    await expectSealed();
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A dump of the database alone holds no private part of the key.
    const keys = await loadOrCreateOidcKeys(
      createOidcKeysRepository(database.db),
      oidcKeysAtRest(config),
    );
    const dump = JSON.stringify(await storedRows());
    for (const secret of [keys.signing[0]?.d, keys.signing[0]?.p, keys.cookie[0]]) {
      expect(secret).toBeTruthy();
      expect(dump).not.toContain(String(secret));
    }
    expect((await me(app, firstToken)).statusCode).toBe(200);
    await app.close();
  });

  it('move to OIDC_KEYS_ENCRYPTION_KEY with the old key as ENCRYPTION_KEY_PREVIOUS: sealed again, tokens still verify', async () => {
    const before = JSON.stringify(await storedRows());
    const fileKey = fs.readFileSync(path.join(dataDir, SECRETS_KEY_FILE), 'utf8').trim();
    const { app, config } = await start({
      OIDC_KEYS_ENCRYPTION_KEY: KEY,
      ENCRYPTION_KEY_PREVIOUS: fileKey,
    });
    await expectSealed();
    expect(JSON.stringify(await storedRows())).not.toBe(before);
    expect((await me(app, firstToken)).statusCode).toBe(200);
    secondToken = await signInAs(app, config, 'staff@demo.local');
    expect(decodeJwt(secondToken).email).toBe('staff@demo.local');
    await app.close();
  });

  it('still sign and verify after a restart with the new key alone', async () => {
    const { app, config } = await start({ OIDC_KEYS_ENCRYPTION_KEY: KEY });
    expect((await me(app, secondToken)).statusCode).toBe(200);
    expect((await me(app, await signInAs(app, config, 'manager@demo.local'))).statusCode).toBe(200);
    await app.close();
  });

  it('cannot be read without the key, or with another one: the server says which variable', async () => {
    await expect(start()).rejects.toThrow(/OIDC_KEYS_ENCRYPTION_KEY/);
    await expect(
      start({ OIDC_KEYS_ENCRYPTION_KEY: randomBytes(32).toString('base64') }),
    ).rejects.toThrow(/OIDC_KEYS_ENCRYPTION_KEY/);
  });
});

describe('keys stored plain by an older version', () => {
  it('are sealed on the next start, and tokens they signed keep working', async () => {
    const fresh = await createTestDatabase();
    try {
      await seedDemoData(fresh.owner);
      const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const jwk = {
        ...(await exportJWK(privateKey)),
        kid: 'old-plain',
        alg: SIGNING_ALG,
        use: 'sig',
      };
      await fresh.owner.insert(oidcKeys).values([
        { id: 'old-plain', kind: 'signing', material: jwk },
        { id: 'cookie-old', kind: 'cookie', material: { secret: 'x'.repeat(43) } },
      ]);
      const config = testConfig();
      const app = await buildApp({ config, database: fresh, logger: false });
      apps.push(app);
      await app.ready();
      await expectSealed(fresh);
      expect(JSON.stringify(await storedRows(fresh))).not.toContain(String(jwk.d));
      const keys = await loadOrCreateOidcKeys(
        createOidcKeysRepository(fresh.db),
        oidcKeysAtRest(config),
      );
      expect(keys.signing[0]?.kid).toBe('old-plain');
      const token = await forgeToken({ config, database: fresh }, 'valid', 'owner@demo.local');
      expect((await me(app, token)).statusCode).toBe(200);
      await app.close();
    } finally {
      await fresh.dispose();
    }
  });
});
