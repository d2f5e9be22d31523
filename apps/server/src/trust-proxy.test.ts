import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import type { Config } from './config.ts';
import {
  demoFixtures,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from './modules/tickets/test-fixtures.ts';
import { OidcTestClient } from './test/auth.ts';
import { createTestDatabase, testConfig } from './test/harness.ts';
import { SIGN_IN_LIMITS } from './modules/identity/sign-in.service.ts';
import { DEMO_PASSWORD } from './db/demo-data.ts';
import { seedDemoData } from './db/seed.ts';

// Which address the intake limit and the sign-in limits count: the socket's, unless
// TRUST_PROXY names the proxies in front. One database, one app per setting (each with its
// own in-memory intake counters; the sign-in tests use different emails and addresses).
const LIMIT = 3;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let f: DemoFixtures;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
  f = await demoFixtures(database.owner);
}, 120_000);
afterAll(() => database.dispose());

type TestContext = { app: App; config: Config; database: typeof database };

async function appWith(trustProxy: Config['trustProxy']): Promise<TestContext> {
  const config = testConfig({ trustProxy, intakeRateLimit: { max: LIMIT, windowMs: 60_000 } });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, config, database };
}

const placeWith = (ctx: TestContext) => (remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.abdoun.id),
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
  });

/** Wrong passwords for one email over HTTP, each claiming another X-Forwarded-For. */
async function guess(c: OidcTestClient, email: string, forwardedFor: (i: number) => string) {
  const html = await (await c.follow(await c.authorize())).text();
  const statuses: number[] = [];
  for (let i = 0; i <= SIGN_IN_LIMITS.perEmailAndIp; i++) {
    const res = await c.submitSignIn(new Response(html), email, `guess-${i}`, {
      'x-forwarded-for': forwardedFor(i),
    });
    statuses.push(res.status);
  }
  return { statuses, form: () => new Response(html) };
}

describe('TRUST_PROXY off (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => void (ctx = await appWith(false)));
  afterAll(() => ctx.app.close());

  it('counts the socket address at the intake: a new X-Forwarded-For each time does not help', async () => {
    const place = placeWith(ctx);
    for (let i = 0; i < LIMIT; i++) {
      expect((await place('198.51.100.20', `203.0.113.${i}`)).statusCode).toBe(201);
    }
    const refused = await place('198.51.100.20', '203.0.113.250');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
  });

  it('counts the socket address at sign-in: rotated X-Forwarded-For hits the per-address limit', async () => {
    const c = await OidcTestClient.for(ctx);
    const { statuses, form } = await guess(c, 'manager@demo.local', (i) => `203.0.113.${i}`);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const again = await c.submitSignIn(form(), 'manager@demo.local', 'another', {
      'x-forwarded-for': '192.0.2.77',
    });
    expect(again.status).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  let ctx: TestContext;
  beforeAll(async () => void (ctx = await appWith(1)));
  afterAll(() => ctx.app.close());

  it('counts the address the proxy saw at the intake, not the proxy', async () => {
    const place = placeWith(ctx);
    for (let i = 0; i < LIMIT; i++)
      expect((await place('10.0.0.1', '203.0.113.1')).statusCode).toBe(201);
    expect((await place('10.0.0.1', '203.0.113.1')).statusCode).toBe(429);
    expect((await place('10.0.0.1', '203.0.113.2')).statusCode).toBe(201);
  });

  it('ignores what the client itself put in front of the proxy’s entry', async () => {
    const place = placeWith(ctx);
    for (let i = 0; i < LIMIT; i++) {
      expect((await place('10.0.0.1', `192.0.2.${i}, 203.0.113.3`)).statusCode).toBe(201);
    }
    expect((await place('10.0.0.1', '192.0.2.200, 203.0.113.3')).statusCode).toBe(429);
  });

  it('limits sign-in per forwarded address: one address is refused, another is not', async () => {
    const c = await OidcTestClient.for(ctx);
    const { statuses, form } = await guess(c, 'owner@demo.local', () => '203.0.113.10');
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await c.follow(
      await c.submitSignIn(form(), 'owner@demo.local', DEMO_PASSWORD, {
        'x-forwarded-for': '203.0.113.11',
      }),
    );
    expect(c.codeFrom(elsewhere)).toBeTruthy();
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => void (ctx = await appWith(['10.9.0.0/16'])));
  afterAll(() => ctx.app.close());

  it('takes the forwarded address from a listed proxy only', async () => {
    const place = placeWith(ctx);
    for (let i = 0; i < LIMIT; i++)
      expect((await place('10.9.0.5', '203.0.113.30')).statusCode).toBe(201);
    expect((await place('10.9.0.5', '203.0.113.30')).statusCode).toBe(429);
    expect((await place('10.9.0.5', '203.0.113.31')).statusCode).toBe(201);
    // A peer that is not a listed proxy is the client, whatever it forwards.
    for (let i = 0; i < LIMIT; i++)
      expect((await place('192.0.2.9', `203.0.113.4${i}`)).statusCode).toBe(201);
    expect((await place('192.0.2.9', '203.0.113.49')).statusCode).toBe(429);
  });
});
