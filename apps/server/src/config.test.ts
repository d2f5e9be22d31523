import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createTestDatabase, testConfig } from './test/harness.ts';

describe('TRUST_PROXY', () => {
  it('is off by default: the socket address is the client', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes a comma list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it('refuses anything else with the variable named, trusting every peer included', () => {
    for (const bad of ['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/x', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('DATABASE_OWNER_URL', () => {
  it('names the owner that migrates beside DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.example.com/restaurant',
      DATABASE_OWNER_URL: 'postgres://owner@db.example.com/restaurant',
    });
    expect(config.databaseOwnerUrl).toBe('postgres://owner@db.example.com/restaurant');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/x' }).databaseOwnerUrl).toBeUndefined();
  });

  it('stops the start when there is no DATABASE_URL to go with it', () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://owner@db/x' })).toThrow(
      /DATABASE_OWNER_URL: only used with DATABASE_URL/,
    );
  });
});

describe('DATABASE_WAIT_SECONDS', () => {
  it('bounds how long start-up waits for the database, a minute by default', () => {
    expect(loadConfig({}).databaseWaitMs).toBe(60_000);
    expect(loadConfig({ DATABASE_WAIT_SECONDS: '5' }).databaseWaitMs).toBe(5_000);
    expect(() => loadConfig({ DATABASE_WAIT_SECONDS: '-1' })).toThrow(/DATABASE_WAIT_SECONDS/);
  });
});

describe('relative paths', () => {
  it('are resolved against the working directory', () => {
    const config = loadConfig({ ADMIN_DIST: 'apps/admin/dist', DATA_DIR: './data' });
    expect(config.adminDist).toBe(path.resolve(process.cwd(), 'apps/admin/dist'));
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'data'));
    expect(loadConfig({ ADMIN_DIST: '/srv/admin' }).adminDist).toBe('/srv/admin');
    expect(loadConfig({}).adminDist).toBeUndefined();
  });

  it('serve the SPA from a relative ADMIN_DIST, as docs/deployment.md runs it', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>admin</title>');
    const relative = path.relative(process.cwd(), dist);
    expect(path.isAbsolute(relative)).toBe(false);
    const database = await createTestDatabase();
    try {
      const config = { ...testConfig(), adminDist: loadConfig({ ADMIN_DIST: relative }).adminDist };
      const app = await buildApp({ config, database, logger: false });
      const res = await app.inject({ method: 'GET', url: '/live-orders' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>admin</title>');
      await app.close();
    } finally {
      await database.dispose();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('development and served defaults', () => {
  const root = path.resolve(import.meta.dirname, '../../..');

  it('lets no extra origin receive sign-in codes by default', () => {
    expect(loadConfig({}).oidc.spaOrigins).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'development' }).oidc.spaOrigins).toEqual([]);
  });

  it('allows the Vite dev server origin with `npm run dev -w apps/server` only', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
    const envFile = /--env-file=(\S+)/.exec(pkg.scripts.dev)?.[1];
    expect(envFile).toBeTruthy();
    const devEnv = parseEnv(fs.readFileSync(path.join(root, 'apps/server', envFile!), 'utf8'));
    // The dev server serves the demo too; its emulators' keys are not read from disk here.
    const keys = () => ({
      cardGatewaySecretKey: 'a',
      dispatchApiKey: 'b',
      hubriseAccessToken: 'c',
    });
    const dev = loadConfig(devEnv, { emulatorKeys: keys });
    expect(dev.oidc.spaOrigins).toEqual(['http://localhost:5173']);
    expect(dev.seedDemo).toBe(true);
  });
});
