import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import * as s from './db/schema.ts';
import { restrictDataDir, startServer } from './server.ts';

const folders: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-start-'));
  folders.push(dir);
  return path.join(dir, 'data');
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Every folder under `dir` (itself included) 0700 and every file without group or other bits. */
function modesOpenToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (p: string) => {
    const stat = fs.statSync(p);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory() ? mode !== 0o700 : (mode & 0o077) !== 0)
      open.push(`${path.relative(dir, p) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return open;
}

const EMULATOR_CALLS: [method: string, url: string][] = [
  ['GET', '/emulators/mail'],
  ['GET', '/emulators/mail/messages?to=admin%40demo.local'],
  ['POST', '/emulators/dispatch/control/speed'],
  ['POST', '/emulators/dispatch/control/next'],
  ['POST', '/emulators/card-gateway/v1/tokens'],
  ['GET', '/emulators/hubrise/v1/catalogs/demo-catalog/products'],
];

describe('a server run as docs/deployment.md runs it, with only PORT and DATA_DIR', () => {
  it('serves no emulator nor outbox, seeds nothing, and keeps its data and keys from other users', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const lines: string[] = [];
    const server = await startServer(
      { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      (line) => lines.push(line),
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      for (const [method, url] of EMULATOR_CALLS) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
          body: method === 'POST' ? '{"stepMs":1,"outcome":"fail"}' : undefined,
        });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
      const owner = server.database.owner;
      expect((await owner.select({ n: count() }).from(s.users))[0]?.n).toBe(0);
      expect((await owner.select({ n: count() }).from(s.tenants))[0]?.n).toBe(0);
      // The provider's signing keys are sealed: no private part of a key in the database.
      const keys = await owner.select().from(s.oidcKeys);
      expect(keys.length).toBeGreaterThan(0);
      for (const row of keys) expect(row.material).not.toHaveProperty('d');
      expect(lines.join('\n')).not.toMatch(/demo1234|admin@demo\.local|emulators/);
      expect(modesOpenToOthers(dataDir)).toEqual([]);
    } finally {
      await server.close();
    }
    expect(modesOpenToOthers(dataDir)).toEqual([]);
  });
});

describe('NODE_ENV=production', () => {
  it('refuses to start with the demo data, any emulator or the mail capture, naming each', () => {
    for (const name of [
      'SEED_DEMO',
      'PAYMENT_GATEWAY_EMULATOR',
      'DISPATCH_EMULATOR',
      'HUBRISE_EMULATOR',
      'PRINTER_EMULATOR',
      'MAIL_CAPTURE',
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'production', [name]: 'true' }), name).toThrow(
        new RegExp(`NODE_ENV=production refuses[\\s\\S]*${name}=true`),
      );
      expect(() => loadConfig({ [name]: 'true', DATA_DIR: newDataDir() }), name).not.toThrow();
    }
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
  });

  it('refuses a database that holds the demo accounts, and says why', async () => {
    const dataDir = newDataDir();
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const demo = await startServer(
      { ...env, SEED_DEMO: 'true', SEED_DEMO_ACTIVITY: 'false' },
      () => undefined,
    );
    await demo.close();
    await expect(startServer({ ...env, NODE_ENV: 'production' }, () => undefined)).rejects.toThrow(
      /demo's accounts \(.*admin@demo\.local/,
    );
    // The refusal left the folder usable: the demo starts again on it.
    const again = await startServer({ ...env, SEED_DEMO: 'true' }, () => undefined);
    await again.close();
  });
});

describe('the data folder', () => {
  it('is narrowed to the server user at start, whatever modes its files had', () => {
    const dataDir = newDataDir();
    fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'base', 'x'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'pglite', 'base', 'x'), 0o666);
    fs.chmodSync(dataDir, 0o755);
    expect(modesOpenToOthers(dataDir).length).toBeGreaterThan(0);
    restrictDataDir(dataDir);
    expect(modesOpenToOthers(dataDir)).toEqual([]);
  });
});
