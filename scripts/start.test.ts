import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.ts';
import { root, serverEnv } from './lib.mjs';

describe('npm start', () => {
  it('serves the build with production defaults: no dev origin receives sign-in codes', () => {
    const config = loadConfig(serverEnv({}, {}));
    expect(config.oidc.spaOrigins).toEqual([]);
    expect(config.adminDist).toBe(path.join(root, 'apps', 'admin', 'dist'));
    expect(config.storefrontDist).toBe(path.join(root, 'apps', 'storefront', 'dist'));
    expect(serverEnv({}, {}).NODE_ENV).toBe('production');
  });

  it('keeps what the caller set', () => {
    const env = serverEnv({ PORT: '9000' }, { OIDC_DEV_ORIGINS: 'http://localhost:5173' });
    expect(loadConfig(env).oidc.spaOrigins).toEqual(['http://localhost:5173']);
    expect(loadConfig(env).port).toBe(9000);
  });

  it('lets the demo pay online through the emulator, and only the demo', () => {
    expect(loadConfig(serverEnv({}, {})).payments).toMatchObject({ emulator: true });
    expect(loadConfig(serverEnv({}, { SEED_DEMO: 'false' })).payments).toBeNull();
    expect(loadConfig(serverEnv({}, { PAYMENT_GATEWAY_EMULATOR: 'false' })).payments).toBeNull();
    const real = loadConfig(
      serverEnv(
        {},
        {
          PAYMENT_GATEWAY_URL: 'https://gateway.example/api',
          PAYMENT_GATEWAY_SECRET_KEY: 'sk_live',
          PAYMENT_GATEWAY_PUBLISHABLE_KEY: 'pk_live',
        },
      ),
    );
    expect(real.payments).toMatchObject({
      baseUrl: 'https://gateway.example/api',
      emulator: false,
    });
  });
});
