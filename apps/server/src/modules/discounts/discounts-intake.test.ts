import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

/**
 * Discounts applied by the public order intake: codes, the automatic discount, each refusal,
 * the ticket's discountDetails and the usage limit under concurrent orders.
 */
let ctx: TestContext;
let f: DemoFixtures;
let manager: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  manager = await authAs(ctx, 'manager@demo.local');
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
type Res = Awaited<ReturnType<TestContext['app']['inject']>>;
const admin = (tenantId = f.alBayt.id) =>
  `/api/admin/tenants/${tenantId}/branches/b1/marketing/discounts`;

let seq = 0;
async function discount(over: Json = {}, tenantId?: string, headers = manager) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: admin(tenantId),
    headers,
    payload: {
      discountName: { fieldValue: 'Promo' },
      discountCode: `PROMO${++seq}`,
      discountApplication: 'HIDDEN_CODE',
      discountType: 'PERCENTAGE',
      discountValue: 15,
      minOrderValue: 0,
      maximumDiscountValue: 0,
      overallUsageLimit: 0,
      checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as Json & { id: string; discountCode: string };
}
const update = (d: Json & { id: string }, over: Json) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${admin()}/${d.id}`,
    headers: manager,
    payload: { ...d, ...over },
  });
const usage = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `${admin()}/${id}`, headers: manager })).json()
    .results.usageCount as number;

const place = (body: Json, key?: string, branchId = f.abdoun.id, tenantId = f.alBayt.id) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(tenantId, branchId),
    headers: key ? { 'idempotency-key': key } : {},
    payload: body,
  });
const refusal = (res: Res) => {
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors as { field: string; codes: string[] }[];
};

/** Two Mixed grills for two (15.000 each, 16 % inclusive and 10 % additive tax). */
const grills = () =>
  pickup([{ variantId: f.variant('Mixed grill', 'For two').variantId, quantity: 2 }]);
const tea = (quantity = 1) => pickup([{ variantId: f.variant('Mint tea').variantId, quantity }]);
const delivery = (lines: Json[], extra: Json = {}) => ({
  checkoutTemplate: 'DELIVERY',
  cartItems: lines.map((l) => ({ quantity: 1, ...l })),
  deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
  shippingAddress: { address1: 'Abdoun Circle' },
  phoneNumber: '+962791112233',
  isFulfillmentAsap: true,
  paymentMethodType: 'CASH',
  lang: 'en',
  ...extra,
});

describe('a customer’s code', () => {
  it('takes 15 % off and shows code, type and value on the ticket, its view and receipt', async () => {
    const d = await discount({ discountCode: 'SAVE15' });
    const res = await place({ ...grills(), discountCode: 'save15 ' });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().results;
    // 30.000 of items (+3.000 additive tax): 15 % of 30.000 = 4.500.
    expect(t.cartData).toMatchObject({
      itemsTotal: 30,
      itemsTotalForDisplay: 33,
      discountDetails: {
        discountCode: 'SAVE15',
        discountType: 'PERCENTAGE',
        appliedDiscountValue: 4.5,
      },
      total: 28.5,
    });
    const [row] = await ctx.database.owner.select().from(s.tickets).where(eq(s.tickets.id, t.id));
    expect(row!.total).toBe('28.500');

    const staff = await authAs(ctx, 'staff@demo.local');
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${t.id}`,
      headers: staff,
    });
    expect(view.json().results.cartData.discountDetails).toEqual(t.cartData.discountDetails);
    const print = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.alBayt.id}/printing/url/html`,
      headers: staff,
      payload: { cartTicketId: t.id },
    });
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/printing/url/html/${print.json().results.id}/en`,
      headers: staff,
    });
    expect(receipt.body).toContain('Discount (SAVE15, percentage)');
    expect(receipt.body).toContain('<span dir="ltr">4.500</span>');
    expect(await usage(d.id)).toBe(1);
  });

  it('caps a percentage by the maximum and takes a fixed amount', async () => {
    await discount({ discountCode: 'CAPPED', discountValue: 50, maximumDiscountValue: 7.25 });
    const capped = await place({ ...grills(), discountCode: 'CAPPED' });
    expect(capped.json().results.cartData.discountDetails.appliedDiscountValue).toBe(7.25);
    await discount({ discountCode: 'TWOOFF', discountType: 'FIXED', discountValue: 2 });
    const fixed = await place({ ...grills(), discountCode: 'TWOOFF' });
    expect(fixed.json().results.cartData).toMatchObject({
      discountDetails: { discountType: 'FIXED', appliedDiscountValue: 2 },
      total: 31,
    });
  });

  it('gives the cheaper of each pair of the affected items for buy one get one', async () => {
    const coffee = f.variant('Arabic coffee');
    const mint = f.variant('Mint tea');
    await discount({
      discountCode: 'DRINKS2',
      discountType: 'BUY_ONE_GET_ONE',
      discountValue: null,
      catalogItemsRefIds: [coffee.itemId, mint.itemId],
    });
    const res = await place({
      ...pickup([
        { variantId: coffee.variantId, quantity: 2 },
        { variantId: mint.variantId, quantity: 1 },
        { variantId: f.variant('Hummus', 'Small').variantId, quantity: 2 },
      ]),
      discountCode: 'DRINKS2',
    });
    // Drinks 1.250, 1.250, 0.900: the pair (1.250, 1.250) gives 1.250; 0.900 stays alone.
    expect(res.json().results.cartData.discountDetails).toEqual({
      discountCode: 'DRINKS2',
      discountType: 'BUY_ONE_GET_ONE',
      appliedDiscountValue: 1.25,
    });
  });

  it('takes the delivery fee off for free delivery', async () => {
    await discount({
      discountCode: 'SHIPFREE',
      discountType: 'FREE_DELIVERY',
      discountApplication: 'MANUAL_ENTRY',
      checkoutTemplates: ['DELIVERY'],
    });
    const res = await place({
      ...delivery([{ variantId: f.variant('Arabic coffee').variantId, quantity: 2 }]),
      discountCode: 'SHIPFREE',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().results.cartData).toMatchObject({
      deliveryTotal: 1.5,
      discountDetails: { discountType: 'FREE_DELIVERY', appliedDiscountValue: 1.5 },
      total: 2.5,
    });
  });

  it('is refused with the reason (a code the shop hands out), and no ticket is made', async () => {
    const before = await ctx.database.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(s.tickets);
    const handedOut = { discountApplication: 'MANUAL_ENTRY' };
    const pickupOnly = await discount({ ...handedOut, checkoutTemplates: ['PICKUP'] });
    const min = await discount({ ...handedOut, minOrderValue: 31 });
    const items = await discount({
      ...handedOut,
      catalogItemsRefIds: [f.variant('Arabic coffee').itemId],
    });
    const off = await discount({ active: false });
    const gone = await discount();
    await update(gone, { deleted: true });
    const elsewhere = await discount({}, f.casa.id, await authAs(ctx, 'owner@other.local'));

    const tried = async (body: Json, code: string) =>
      refusal(await place({ ...body, discountCode: code }));
    const invalid = [{ field: 'discountCode', codes: ['discount_code_invalid'] }];
    expect(await tried(grills(), 'NOSUCHCODE')).toEqual(invalid);
    expect(await tried(grills(), off.discountCode)).toEqual(invalid);
    expect(await tried(grills(), gone.discountCode)).toEqual(invalid);
    expect(await tried(grills(), elsewhere.discountCode)).toEqual(invalid);
    const delivered = delivery([{ variantId: f.variant('Mint tea').variantId }]);
    expect(await tried(delivered, pickupOnly.discountCode)).toEqual([
      { field: 'discountCode', codes: ['discount_template_not_allowed'] },
    ]);
    // 30.000 of items: the 3.000 additive tax does not count towards the minimum.
    expect(await tried(grills(), min.discountCode)).toEqual([
      { field: 'discountCode', codes: ['discount_min_order_not_met'] },
    ]);
    expect(await tried(grills(), items.discountCode)).toEqual([
      { field: 'discountCode', codes: ['discount_items_not_in_cart'] },
    ]);

    const once = await discount({ ...handedOut, overallUsageLimit: 1 });
    expect((await place({ ...tea(), discountCode: once.discountCode })).statusCode).toBe(201);
    expect(await tried(tea(), once.discountCode)).toEqual([
      { field: 'discountCode', codes: ['discount_usage_limit_reached'] },
    ]);
    const after = await ctx.database.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(s.tickets);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect(await usage(min.id)).toBe(0);
  });

  it('tells nothing of a hidden code that does not apply: the same refusal as no such code', async () => {
    const invalid = [{ field: 'discountCode', codes: ['discount_code_invalid'] }];
    const tried = async (body: Json, code: string) =>
      refusal(await place({ ...body, discountCode: code }));
    const pickupOnly = await discount({ checkoutTemplates: ['PICKUP'] });
    const min = await discount({ minOrderValue: 31 });
    const items = await discount({ catalogItemsRefIds: [f.variant('Arabic coffee').itemId] });
    const once = await discount({ overallUsageLimit: 1 });
    expect((await place({ ...tea(), discountCode: once.discountCode })).statusCode).toBe(201);
    const delivered = delivery([{ variantId: f.variant('Mint tea').variantId }]);
    expect(await tried(delivered, pickupOnly.discountCode)).toEqual(invalid);
    expect(await tried(grills(), min.discountCode)).toEqual(invalid);
    expect(await tried(grills(), items.discountCode)).toEqual(invalid);
    expect(await tried(tea(), once.discountCode)).toEqual(invalid);
    // The automatic discount's code is no code to type: the same refusal too.
    const auto = await discount({ discountApplication: 'AUTOMATIC', minOrderValue: 1000 });
    try {
      expect(await tried(tea(), auto.discountCode)).toEqual(invalid);
    } finally {
      await update(auto, { active: false });
    }
  });

  it('counts a use once per ticket: a replayed order does not count again', async () => {
    const d = await discount();
    const key = `replay-${randomUUID()}`;
    const first = await place({ ...tea(2), discountCode: d.discountCode }, key);
    const again = await place({ ...tea(2), discountCode: d.discountCode }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().results.id).toBe(first.json().results.id);
    expect(await usage(d.id)).toBe(1);
  });
});

describe('the automatic discount', () => {
  it('applies by itself when the order qualifies, and a code replaces it', async () => {
    const auto = await discount({
      discountApplication: 'AUTOMATIC',
      discountType: 'FIXED',
      discountValue: 1,
      minOrderValue: 5,
      checkoutTemplates: ['PICKUP'],
    });
    try {
      const big = await place(grills());
      expect(big.json().results.cartData.discountDetails).toEqual({
        discountCode: auto.discountCode,
        discountType: 'FIXED',
        appliedDiscountValue: 1,
      });
      // Under the minimum, or another template: placed without a discount, not refused.
      const small = await place(tea());
      expect(small.statusCode).toBe(201);
      expect(small.json().results.cartData.discountDetails).toEqual({
        discountCode: null,
        discountType: null,
        appliedDiscountValue: 0,
      });
      const delivered = await place(
        delivery([{ variantId: f.variant('Mixed grill', 'For two').variantId }]),
      );
      expect(delivered.json().results.cartData.discountDetails.discountCode).toBeNull();

      const code = await discount({ discountValue: 10 });
      const withCode = await place({ ...grills(), discountCode: code.discountCode });
      expect(withCode.json().results.cartData.discountDetails).toMatchObject({
        discountCode: code.discountCode,
        appliedDiscountValue: 3,
      });
      expect(await usage(auto.id)).toBe(1);
    } finally {
      await update(auto, { active: false });
    }
  });
});

describe('the usage limit under concurrent orders', () => {
  const discounted = (id: string) =>
    ctx.database.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(s.tickets)
      .where(
        and(
          eq(s.tickets.tenantId, f.alBayt.id),
          sql`${s.tickets.cartData}->'discountDetails'->>'discountCode' = ${id}`,
        ),
      )
      .then((rows) => rows[0]!.n);

  it('gives a code with a limit of 10 to exactly 10 of 100 concurrent orders', async () => {
    const d = await discount({
      discountCode: 'TENONLY',
      discountApplication: 'MANUAL_ENTRY',
      overallUsageLimit: 10,
    });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => place({ ...tea(), discountCode: 'TENONLY' })),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(refusal(r)).toEqual([
        { field: 'discountCode', codes: ['discount_usage_limit_reached'] },
      ]);
    expect(await discounted('TENONLY')).toBe(10);
    expect(await usage(d.id)).toBe(10);
    // The ticket numbers of refused orders were given back: no gaps.
    const numbers = placed
      .map((r) => r.json().results.ticketNumber as number)
      .sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(9);
  }, 60_000);

  it('gives the automatic discount to exactly 10 of 100 concurrent orders', async () => {
    const auto = await discount({
      discountCode: 'AUTOTEN',
      discountApplication: 'AUTOMATIC',
      discountType: 'FIXED',
      discountValue: 0.1,
      overallUsageLimit: 10,
    });
    try {
      const results = await Promise.all(Array.from({ length: 100 }, () => place(tea())));
      // The rest are placed without it, or (when a concurrent order took the last use between
      // pricing and storing) refused so that a retry is priced without it.
      for (const r of results) {
        if (r.statusCode === 201) continue;
        expect(refusal(r)).toEqual([
          { field: 'discountCode', codes: ['discount_usage_limit_reached'] },
        ]);
      }
      const withIt = results.filter(
        (r) => r.statusCode === 201 && r.json().results.cartData.discountDetails.discountCode,
      );
      expect(withIt).toHaveLength(10);
      expect(await discounted('AUTOTEN')).toBe(10);
      expect(await usage(auto.id)).toBe(10);
      // Once spent, orders go through without it.
      const later = await place(tea());
      expect(later.statusCode).toBe(201);
      expect(later.json().results.cartData.discountDetails.discountCode).toBeNull();
    } finally {
      await update(auto, { active: false });
    }
  }, 60_000);

  it('gives a use back when an order is rejected or cancelled, exactly under concurrency', async () => {
    const d = await discount({
      discountCode: 'COMEBACK',
      discountApplication: 'MANUAL_ENTRY',
      overallUsageLimit: 3,
    });
    const move = (id: string, status: string, reason?: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/tenants/${f.alBayt.id}/tickets/${id}`,
        headers: manager,
        payload: { status, ...(reason ? { reason } : {}) },
      });
    const first = await Promise.all(
      [1, 2, 3].map(() => place({ ...tea(), discountCode: 'COMEBACK' })),
    );
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const [a, b, c] = first.map((r) => r.json().results.id as string);
    expect(refusal(await place({ ...tea(), discountCode: 'COMEBACK' }))).toEqual([
      { field: 'discountCode', codes: ['discount_usage_limit_reached'] },
    ]);
    // A rejected order (never accepted) gives its use back: the code works again, once.
    expect((await move(a!, 'Cancelled', 'OUT_OF_STOCK')).statusCode).toBe(200);
    expect(await usage(d.id)).toBe(2);
    expect((await place({ ...tea(), discountCode: 'COMEBACK' })).statusCode).toBe(201);
    expect(await usage(d.id)).toBe(3);

    // An accepted order cancelled while 20 customers try the code: at most one of them gets
    // the use it gives back (none when they all tried before it came back).
    expect((await move(b!, 'InProgress')).statusCode).toBe(200);
    const [cancelled, ...tries] = await Promise.all([
      move(b!, 'Cancelled', 'OUT_OF_STOCK'),
      ...Array.from({ length: 20 }, () => place({ ...tea(), discountCode: 'COMEBACK' })),
    ]);
    expect(cancelled!.statusCode).toBe(200);
    const won = tries.filter((r) => r.statusCode === 201).length;
    expect(won).toBeLessThanOrEqual(1);
    // The count is the orders that keep the discount, never above the limit.
    const kept = await ctx.database.owner
      .select({ n: sql<number>`count(*)::int` })
      .from(s.tickets)
      .where(and(eq(s.tickets.discountId, d.id), sql`${s.tickets.status} <> 'Cancelled'`))
      .then((rows) => rows[0]!.n);
    expect(await usage(d.id)).toBe(kept);
    expect(kept).toBe(2 + won);
    // A completed order keeps its use.
    expect((await move(c!, 'InProgress')).statusCode).toBe(200);
    expect((await move(c!, 'Completed')).statusCode).toBe(200);
    expect(await usage(d.id)).toBe(kept);
  }, 60_000);
});
