import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { seedDemoData } from '../../db/seed.ts';
import { bearer, baseUrlOf, OidcTestClient } from '../../test/auth.ts';
import { createTestDatabase, testConfig } from '../../test/harness.ts';
import { loadOrCreateOidcKeys } from './oidc-keys.ts';
import { createOidcKeysRepository } from './oidc.repository.ts';
import { oidcKeys } from './oidc.table.ts';

// The provider's private keys at rest: a dump of the database alone must not mint tokens.
const KEY = randomBytes(32).toString('base64');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: App[] = [];

const configWith = (encryptionKey: string | undefined): Config => {
  const base = testConfig();
  const parsed = loadConfig({ OIDC_KEYS_ENCRYPTION_KEY: encryptionKey });
  return { ...base, oidc: { ...base.oidc, keysEncryptionKey: parsed.oidc.keysEncryptionKey } };
};
async function start(encryptionKey: string | undefined) {
  const config = configWith(encryptionKey);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  apps.push(app);
  return { app, config };
}
const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/admin/users/me', headers: bearer(token) });
const storedRows = async () => database.owner.select().from(oidcKeys);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.dispose();
});

describe('OIDC_KEYS_ENCRYPTION_KEY', () => {
  it('is base64 of 32 bytes, or the server does not start', () => {
    expect(loadConfig({ OIDC_KEYS_ENCRYPTION_KEY: KEY }).oidc.keysEncryptionKey).toHaveLength(32);
    expect(loadConfig({}).oidc.keysEncryptionKey).toBeUndefined();
    for (const bad of ['short', randomBytes(16).toString('base64'), '%%%%']) {
      expect(() => loadConfig({ OIDC_KEYS_ENCRYPTION_KEY: bad })).toThrow(
        /OIDC_KEYS_ENCRYPTION_KEY/,
      );
    }
  });
});

describe('signing keys at rest', () => {
  let tokenBeforeKey: string;
  let tokenWithKey: string;

  it('are plain without a key (as before), and a token is issued', async () => {
    const { app, config } = await start(undefined);
    const tokens = await new OidcTestClient(await baseUrlOf(app), config).signIn(
      'owner@demo.local',
    );
    tokenBeforeKey = tokens.accessToken;
    const rows = await storedRows();
    expect(rows.find((r) => r.kind === 'signing')?.material).toHaveProperty('d');
    await app.close();
  });

  it('are encrypted on the next start with a key, and the private material is gone from the rows', async () => {
    const { app, config } = await start(KEY);
    const keys = await loadOrCreateOidcKeys(
      createOidcKeysRepository(database.db),
      configWith(KEY).oidc.keysEncryptionKey,
    );
    const [signing] = keys.signing;
    const [cookie] = keys.cookie;
    const dump = JSON.stringify(await storedRows());
    for (const secret of [signing?.d, signing?.p, signing?.q, signing?.dp, cookie]) {
      expect(secret).toBeTruthy();
      expect(dump).not.toContain(String(secret));
    }
    for (const row of await storedRows()) {
      expect(Object.keys(row.material).sort()).toEqual(['alg', 'data', 'iv', 'tag']);
    }
    // The token issued before the change still verifies, and new ones are signed.
    expect((await me(app, tokenBeforeKey)).statusCode).toBe(200);
    const tokens = await new OidcTestClient(await baseUrlOf(app), config).signIn(
      'staff@demo.local',
    );
    tokenWithKey = tokens.accessToken;
    expect(decodeJwt(tokenWithKey).email).toBe('staff@demo.local');
    expect((await me(app, tokenWithKey)).statusCode).toBe(200);
    await app.close();
  });

  it('still sign and verify after a restart with the key', async () => {
    const { app, config } = await start(KEY);
    expect((await me(app, tokenWithKey)).statusCode).toBe(200);
    const tokens = await new OidcTestClient(await baseUrlOf(app), config).signIn(
      'manager@demo.local',
    );
    expect((await me(app, tokens.accessToken)).statusCode).toBe(200);
    await app.close();
  });

  it('cannot be read without the key, or with another one: the server says which variable', async () => {
    await expect(start(undefined)).rejects.toThrow(/OIDC_KEYS_ENCRYPTION_KEY/);
    await expect(start(randomBytes(32).toString('base64'))).rejects.toThrow(
      /OIDC_KEYS_ENCRYPTION_KEY/,
    );
  });
});

describe('a new database with a key', () => {
  it('stores its first keys encrypted', async () => {
    const fresh = await createTestDatabase();
    try {
      const key = configWith(KEY).oidc.keysEncryptionKey;
      const keys = await loadOrCreateOidcKeys(createOidcKeysRepository(fresh.db), key);
      const dump = JSON.stringify(await fresh.db.select().from(oidcKeys));
      expect(dump).not.toContain(String(keys.signing[0]?.d));
      expect(dump).not.toContain(keys.cookie[0]);
      expect(
        (await loadOrCreateOidcKeys(createOidcKeysRepository(fresh.db), key)).signing[0]?.kid,
      ).toBe(keys.signing[0]?.kid);
    } finally {
      await fresh.dispose();
    }
  });
});
