import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.ts';
import { root, serverEnv } from './lib.mjs';

describe('npm start', () => {
  it('serves the build with production defaults: no dev origin receives sign-in codes', () => {
    const config = loadConfig(serverEnv({}, {}));
    expect(config.oidc.spaOrigins).toEqual([]);
    expect(config.adminDist).toBe(path.join(root, 'apps', 'admin', 'dist'));
    expect(serverEnv({}, {}).NODE_ENV).toBe('production');
  });

  it('keeps what the caller set', () => {
    const env = serverEnv({ PORT: '9000' }, { OIDC_DEV_ORIGINS: 'http://localhost:5173' });
    expect(loadConfig(env).oidc.spaOrigins).toEqual(['http://localhost:5173']);
    expect(loadConfig(env).port).toBe(9000);
  });
});
