import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_TRIES, ProblemResponse } from '@app/contracts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';
import { createCodeTries } from './code-tries.ts';

describe('the count of refused codes', () => {
  it('stops an address at a tenant after ten different codes, until its window ends', () => {
    let now = 1_000_000;
    const tries = createCodeTries({ ...DISCOUNT_CODE_TRIES, now: () => now });
    for (let i = 0; i < 9; i++) tries.failed('203.0.113.1', 't1', `GUESS${i}`);
    // The same wrong code asked again (the preview, as the cart changes) counts once.
    for (let i = 0; i < 5; i++) tries.failed('203.0.113.1', 't1', 'GUESS0');
    expect(tries.blockedFor('203.0.113.1', 't1')).toBe(0);
    tries.failed('203.0.113.1', 't1', 'GUESS9');
    expect(tries.blockedFor('203.0.113.1', 't1')).toBe(600);
    // Another address, another tenant: their own counts.
    expect(tries.blockedFor('203.0.113.2', 't1')).toBe(0);
    expect(tries.blockedFor('203.0.113.1', 't2')).toBe(0);
    now += 599_500;
    expect(tries.blockedFor('203.0.113.1', 't1')).toBe(1);
    now += 500;
    expect(tries.blockedFor('203.0.113.1', 't1')).toBe(0);
  });
});

// The real limit on the real app: what a guesser meets, and who is left alone.
let ctx: TestContext;
let f: DemoFixtures;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true, config: { discountCodeTries: DISCOUNT_CODE_TRIES } });
  f = await demoFixtures(ctx.database.owner);
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const GUESSER = '198.51.100.7';
const quote = (body: Json, from = GUESSER, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/tickets/quote`,
    remoteAddress: from,
    headers,
    payload: body,
  });
const place = (body: Json, from = GUESSER) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.abdoun.id),
    remoteAddress: from,
    payload: body,
  });
const order = () => pickup([{ variantId: f.variant('Mint tea').variantId }]);
const tooMany = (res: Awaited<ReturnType<typeof quote>>) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(ProblemResponse.parse(res.json()).error.code).toBe('discount_code_tries_exceeded');
};

describe('guessing discount codes through the price preview and the intake', () => {
  it('refuses every code with 429 after ten wrong ones from one address, previews and orders together', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await quote({ ...order(), discountCode: `GUESS${i}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().results.discountCodeRefusal).toBe('discount_code_invalid');
    }
    for (let i = 6; i < 10; i++) {
      const res = await place({ ...order(), discountCode: `GUESS${i}` });
      expect(res.statusCode).toBe(422);
    }
    // The eleventh, right or wrong, is not even looked at.
    tooMany(await quote({ ...order(), discountCode: 'GUESS10' }));
    tooMany(await quote({ ...order(), discountCode: 'WELCOME10' }));
    tooMany(await place({ ...order(), discountCode: 'WELCOME10' }));
  });

  it('still prices and takes the same address’s orders without a code', async () => {
    expect((await quote(order())).statusCode).toBe(200);
    expect((await place(order())).statusCode).toBe(201);
  });

  it('leaves other addresses and the shop’s own staff alone', async () => {
    const other = await quote({ ...order(), discountCode: 'WELCOME10' }, '198.51.100.8');
    expect(other.statusCode).toBe(200);
    expect(other.json().results.discountCodeRefusal).toBeNull();
    const staff = await authAs(ctx, 'staff@demo.local');
    const fromStaff = await quote({ ...order(), discountCode: 'WELCOME10' }, GUESSER, staff);
    expect(fromStaff.statusCode, fromStaff.body).toBe(200);
    // Another tenant's staff are strangers here.
    const outsider = await authAs(ctx, 'owner@other.local');
    tooMany(await quote({ ...order(), discountCode: 'WELCOME10' }, GUESSER, outsider));
  });
});
