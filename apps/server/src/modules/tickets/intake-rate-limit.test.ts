import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemResponse } from '@app/contracts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from './test-fixtures.ts';

const LIMIT = 3;

let ctx: TestContext;
let f: DemoFixtures;

// The whole app, as app.ts wires it, with a small limit.
beforeAll(async () => {
  ctx = await createTestApp({
    seed: true,
    config: { intakeRateLimit: { max: LIMIT, windowMs: 60_000 } },
  });
  f = await demoFixtures(ctx.database.owner);
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

const order = () => pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]);
const place = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.abdoun.id),
    remoteAddress,
    headers,
    payload: order(),
  });

describe('order intake rate limit', () => {
  it('answers 429 with the error envelope and Retry-After past the limit of one address', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await place('198.51.100.7');
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await place('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    const body = ProblemResponse.parse(refused.json());
    expect(body.error.code).toBe('too_many_requests');
    expect(body.error.requestId).toBeTruthy();
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('leaves other addresses alone', async () => {
    for (let i = 0; i <= LIMIT; i++) await place('198.51.100.8');
    expect((await place('198.51.100.8')).statusCode).toBe(429);
    const other = await place('198.51.100.9');
    expect(other.statusCode, other.body).toBe(201);
  });

  it('limits only placing orders, not reading the menu', async () => {
    for (let i = 0; i <= LIMIT; i++) await place('198.51.100.10');
    const menu = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=PICKUP`,
      remoteAddress: '198.51.100.10',
    });
    expect(menu.statusCode, menu.body).toBe(200);
  });
});

describe('the intake rate limit setting', () => {
  it('defaults to 30 orders a minute per address and reads the environment', () => {
    expect(loadConfig({}).intakeRateLimit).toEqual({ max: 30, windowMs: 60_000 });
    expect(
      loadConfig({ INTAKE_RATE_LIMIT_MAX: '500', INTAKE_RATE_LIMIT_WINDOW_SECONDS: '10' })
        .intakeRateLimit,
    ).toEqual({ max: 500, windowMs: 10_000 });
    expect(() => loadConfig({ INTAKE_RATE_LIMIT_MAX: '0' })).toThrow(/INTAKE_RATE_LIMIT_MAX/);
  });
});
