import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { EMULATOR_KEYS_FILE, loadEmulatorKeys } from './emulator-keys.ts';

// The demo's emulators on a real app: what a stranger on the network can and cannot reach.
const STRANGER = '203.0.113.7';
const CONTROL_KEY = 'per-start-control-key-for-this-test';
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulators-'));
  const demo = loadConfig({
    PORT: '8080',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PAYMENT_GATEWAY_EMULATOR: 'true',
    DISPATCH_EMULATOR: 'true',
    MAIL_CAPTURE: 'true',
  });
  ctx = await createTestApp({
    config: {
      dataDir,
      mail: demo.mail,
      dispatch: demo.dispatch,
      payments: demo.payments,
      emulatorControlKey: CONTROL_KEY,
    },
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = (
  method: 'GET' | 'POST',
  url: string,
  from: string,
  headers: Record<string, string> = {},
  payload?: object,
) => ctx.app.inject({ method, url, remoteAddress: from, headers, payload });

describe('the mail outbox', () => {
  const outbox = '/emulators/mail/messages?to=owner%40demo.local';

  it('answers this machine', async () => {
    expect((await call('GET', outbox, '127.0.0.1')).statusCode).toBe(200);
    expect((await call('GET', outbox, '::1')).statusCode).toBe(200);
    expect((await call('GET', outbox, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('refuses anyone else, and a request a proxy passed on from elsewhere', async () => {
    for (const [from, headers] of [
      [STRANGER, {}],
      ['127.0.0.1', { 'x-forwarded-for': STRANGER }],
      ['127.0.0.1', { forwarded: `for=${STRANGER}` }],
      [STRANGER, { 'x-emulator-key': 'guessed' }],
    ] as const) {
      for (const url of [outbox, '/emulators/mail']) {
        const res = await call('GET', url, from, headers);
        expect(res.statusCode, `${url} ${from} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'emulator_local_only' } });
      }
    }
  });

  it('opens from elsewhere with the key printed at start', async () => {
    expect((await call('GET', `${outbox}&key=${CONTROL_KEY}`, STRANGER)).statusCode).toBe(200);
    expect(
      (await call('GET', outbox, STRANGER, { 'x-emulator-key': CONTROL_KEY })).statusCode,
    ).toBe(200);
  });
});

describe('the dispatch emulator', () => {
  it('takes control calls from this machine only', async () => {
    const speed = '/emulators/dispatch/control/speed';
    expect((await call('POST', speed, STRANGER, {}, { stepMs: 1 })).statusCode).toBe(403);
    expect(
      (await call('POST', '/emulators/dispatch/control/next', STRANGER, {}, { outcome: 'fail' }))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', speed, '127.0.0.1', {}, { stepMs: 20_000 })).statusCode).toBe(200);
  });

  it('answers its API only to the data folder’s key, not to the old published one', async () => {
    const deliveries = '/emulators/dispatch/talabat-express/v1/deliveries/dlv_x';
    const published = { authorization: 'Bearer dispatch_test_emulator' };
    expect((await call('GET', deliveries, STRANGER, published)).statusCode).toBe(401);
    const own = { authorization: `Bearer ${loadEmulatorKeys(dataDir).dispatchApiKey}` };
    expect((await call('GET', deliveries, '127.0.0.1', own)).statusCode).toBe(404);
  });
});

describe('the card gateway emulator', () => {
  it('gives storefront browsers anywhere card tokens, and refunds to no published key', async () => {
    const token = await call(
      'POST',
      '/emulators/card-gateway/v1/tokens',
      STRANGER,
      { authorization: 'Bearer pk_test_emulator' },
      { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1 },
    );
    expect(token.statusCode).toBe(201);
    const refund = await call(
      'POST',
      '/emulators/card-gateway/v1/payments/pay_x/refunds',
      STRANGER,
      { authorization: 'Bearer sk_test_emulator' },
      { amount: 100 },
    );
    expect(refund.statusCode).toBe(401);
  });
});

describe('the emulators’ secret keys', () => {
  it('are random for each data folder, kept there for its user only, and the same on a restart', () => {
    const [a, b] = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-keys-')));
    const env = (dir: string) => ({ DATA_DIR: dir, PAYMENT_GATEWAY_EMULATOR: 'true' });
    const first = loadConfig(env(a!)).payments?.secretKey;
    expect(first).toMatch(/^sk_test_[\w-]{20,}$/);
    expect(loadConfig(env(a!)).payments?.secretKey).toBe(first);
    expect(loadConfig(env(b!)).payments?.secretKey).not.toBe(first);
    expect(fs.statSync(path.join(a!, EMULATOR_KEYS_FILE)).mode & 0o777).toBe(0o600);
    // Nothing is written for a server without emulators.
    const c = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-keys-'));
    loadConfig({ DATA_DIR: c });
    expect(fs.readdirSync(c)).toEqual([]);
    for (const dir of [a!, b!, c]) fs.rmSync(dir, { recursive: true, force: true });
  });
});
