import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.ts';
import { root, serverEnv } from './lib.mjs';

// Each check reads the configuration the server would: its emulators' keys in a folder of its own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const started = (base: NodeJS.ProcessEnv) => loadConfig(serverEnv({ DATA_DIR: dataDir }, base));

describe('npm start', () => {
  it('serves the built apps with the whole demo, switched on explicitly', () => {
    const config = started({});
    expect(config.oidc.spaOrigins).toEqual([]);
    expect(config.adminDist).toBe(path.join(root, 'apps', 'admin', 'dist'));
    expect(config.storefrontDist).toBe(path.join(root, 'apps', 'storefront', 'dist'));
    expect(config.seedDemo).toBe(true);
    expect(config.payments).toMatchObject({ emulator: true });
    expect(config.dispatch.emulator).not.toBeNull();
    expect(config.hubrise.emulator).not.toBeNull();
    expect(config.printerEmulator).toBe(true);
    expect(config.mail.kind).toBe('capture');
    expect(config.emulatorControlKey).toMatch(/^[\w-]{20,}$/);
    expect(config.logFormat).toBe('pretty');
  });

  it('keeps what the caller set', () => {
    const env = serverEnv({ PORT: '9000' }, { OIDC_DEV_ORIGINS: 'http://localhost:5173' });
    expect(loadConfig(env).oidc.spaOrigins).toEqual(['http://localhost:5173']);
    expect(loadConfig(env).port).toBe(9000);
    expect(started({ MAIL_CAPTURE: 'false', DISPATCH_EMULATOR: 'false' })).toMatchObject({
      mail: { kind: 'none' },
      dispatch: { emulator: null },
    });
  });

  it('without the demo serves as production does: no emulator, nothing captured', () => {
    const config = started({ SEED_DEMO: 'false' });
    expect(config.production).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.payments).toBeNull();
    expect(config.dispatch).toEqual({ providers: {}, emulator: null });
    expect(config.hubrise.emulator).toBeNull();
    expect(config.printerEmulator).toBe(false);
    expect(config.mail.kind).toBe('none');
    expect(config.emulatorControlKey).toBeNull();
    expect(config.logFormat).toBe('json');
  });

  it('pays through a real gateway when one is configured, even with the demo', () => {
    const real = started({
      PAYMENT_GATEWAY_URL: 'https://gateway.example/api',
      PAYMENT_GATEWAY_SECRET_KEY: 'sk_live',
      PAYMENT_GATEWAY_PUBLISHABLE_KEY: 'pk_live',
    });
    expect(real.payments).toMatchObject({
      baseUrl: 'https://gateway.example/api',
      emulator: false,
    });
  });
});
