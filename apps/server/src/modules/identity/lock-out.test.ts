import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { DEMO_PASSWORD } from '../../db/demo-data.ts';
import { seedDemoData } from '../../db/seed.ts';
import type { Config } from '../../config.ts';
import { OidcTestClient } from '../../test/auth.ts';
import { createTestDatabase, testConfig } from '../../test/harness.ts';
import { KNOWN_DEVICE_COOKIE } from './known-device.ts';
import { SIGN_IN_LIMITS } from './sign-in.service.ts';

// An attacker guessing one account's password from many addresses (one proxy hop in front, so
// each request's X-Forwarded-For is its address). The waits are recorded, never slept.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: App;
let config: Config;
const waits: number[] = [];
const target = 'manager@demo.local';

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
  config = testConfig({ trustProxy: 1 });
  app = await buildApp({
    config,
    database,
    logger: false,
    signInDelay: async (ms) => {
      waits.push(ms);
    },
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const client = async () => OidcTestClient.for({ app, config, database });
const from = (address: string) => ({ 'x-forwarded-for': address });

/** Posts one sign-in form from an address and answers where it went. */
async function attempt(c: OidcTestClient, email: string, password: string, address: string) {
  // prompt=login: a browser with a session is asked for the password again.
  const page = await c.follow(await c.authorize({ prompt: 'login' }));
  return c.submitSignIn(page, email, password, from(address));
}

let knownDevice: OidcTestClient;
let otherAccountDevice: OidcTestClient;
let attackWaits: number[] = [];
// The 50 failures that used to refuse the account to everyone for 15 minutes.
const attack = 50;

describe('an attacker guessing one account from many addresses', () => {
  beforeAll(async () => {
    // The real user signed in on this browser before the attack.
    knownDevice = await client();
    await knownDevice.signIn(target);
    otherAccountDevice = await client();
    await otherAccountDevice.signIn('owner@demo.local');
    // One sign-in form, posted again and again (a failed post shows the same form).
    const attacker = await client();
    const form = await (await attacker.follow(await attacker.authorize())).text();
    waits.length = 0;
    for (let i = 0; i < attack; i++) {
      const address = `198.18.${i >> 8}.${i & 255}`;
      const res = await attacker.submitSignIn(
        new Response(form),
        target,
        `guess-${i}`,
        from(address),
      );
      expect(res.status).toBe(200);
    }
    attackWaits = [...waits];
  }, 120_000);

  it('sets a signed, httpOnly known-device cookie on a successful sign-in', async () => {
    const c = await client();
    const page = await c.follow(await c.authorize());
    const res = await c.submitSignIn(page, 'staff@demo.local', DEMO_PASSWORD, from('192.0.2.5'));
    const cookie = res.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(cookie).toBeTruthy();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/oidc/i);
    expect(cookie).not.toContain('staff');
  });

  it('makes each further guess wait longer, up to a bound', () => {
    expect(attackWaits).toHaveLength(attack);
    expect(attackWaits.slice(0, 5).every((ms) => ms === 0)).toBe(true);
    const growing = attackWaits.filter((ms) => ms > 0);
    expect(growing.length).toBeGreaterThan(10);
    for (let i = 1; i < growing.length; i++)
      expect(growing[i]).toBeGreaterThanOrEqual(growing[i - 1]!);
    expect(growing.at(-1)).toBe(SIGN_IN_LIMITS.perEmailMaxDelayMs);
    expect(Math.max(...attackWaits)).toBeLessThanOrEqual(10_000);
  });

  it('still refuses one address after its own failures, right password or not', async () => {
    const c = await client();
    for (let i = 0; i < SIGN_IN_LIMITS.perEmailAndIp; i++) {
      expect((await attempt(c, target, `again-${i}`, '198.19.0.1')).status).toBe(200);
    }
    expect((await attempt(c, target, DEMO_PASSWORD, '198.19.0.1')).status).toBe(429);
  });

  it('lets the real user in from a new address and a new browser, after the wait', async () => {
    const c = await client();
    waits.length = 0;
    const res = await c.follow(await attempt(c, target, DEMO_PASSWORD, '203.0.113.50'));
    expect(c.codeFrom(res)).toBeTruthy();
    expect(waits).toEqual([SIGN_IN_LIMITS.perEmailMaxDelayMs]);
  });

  it('lets the real user in from a known device at once', async () => {
    waits.length = 0;
    const res = await knownDevice.follow(
      await attempt(knownDevice, target, DEMO_PASSWORD, '203.0.113.51'),
    );
    expect(knownDevice.codeFrom(res)).toBeTruthy();
    expect(waits).toEqual([0]);
  });

  it('does not exempt a device known for another account, nor a tampered cookie', async () => {
    waits.length = 0;
    await attempt(otherAccountDevice, target, 'guess-from-other', '203.0.113.52');
    expect(waits).toEqual([SIGN_IN_LIMITS.perEmailMaxDelayMs]);

    const forged = await client();
    const value = knownDevice.jar.get(KNOWN_DEVICE_COOKIE) ?? '';
    expect(value).not.toBe('');
    forged.jar.set(
      KNOWN_DEVICE_COOKIE,
      value.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
    );
    waits.length = 0;
    await attempt(forged, target, 'guess-forged', '203.0.113.53');
    expect(waits).toEqual([SIGN_IN_LIMITS.perEmailMaxDelayMs]);
  });
});
