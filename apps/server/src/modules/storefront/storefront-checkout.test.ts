import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

/**
 * What the storefront's checkout needs beside the intake (issue 19): the price preview with a
 * promo code or the automatic discount, unique delivery/pickup links recorded on the ticket,
 * and the menu's sections in the admin's order.
 */
let ctx: TestContext;
let f: DemoFixtures;
let manager: Record<string, string>;
let owner: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  manager = await authAs(ctx, 'manager@demo.local');
  owner = await authAs(ctx, 'owner@demo.local');
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const quoteUrl = (tenantId: string, branchId: string) =>
  `/api/public/tenants/${tenantId}/branches/${branchId}/tickets/quote`;
const quote = (body: Json, branchId = f.abdoun.id, tenantId = f.alBayt.id) =>
  ctx.app.inject({ method: 'POST', url: quoteUrl(tenantId, branchId), payload: body });
const line = (item: string, variant = 'Regular', quantity = 1) => ({
  variantId: f.variant(item, variant).variantId,
  quantity,
});
const discounts = `/api/admin/tenants/${'TENANT'}/branches/b1/marketing/discounts`;
const discountsUrl = () => discounts.replace('TENANT', f.alBayt.id);
async function discountByCode(code: string) {
  const res = await ctx.app.inject({ method: 'GET', url: discountsUrl(), headers: manager });
  return (res.json().results as (Json & { id: string; discountCode: string })[]).find(
    (d) => d.discountCode === code,
  )!;
}
const setDiscount = async (code: string, over: Json) => {
  const d = await discountByCode(code);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${discountsUrl()}/${d.id}`,
    headers: manager,
    payload: { ...d, ...over },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the price preview (quote)', () => {
  it('prices a cart as the intake does, with the promo code taken off and named', async () => {
    const body = {
      checkoutTemplate: 'PICKUP',
      cartItems: [line('Mixed grill', 'For two', 2)],
      discountCode: ' welcome10 ',
    };
    const res = await quote(body);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().results;
    // 2 × 15.000 with 10 % additive tax: 33.000; 10 % of the items (30.000), capped at 5.
    expect(q.cartData.itemsTotal).toBe(30);
    expect(q.discount).toEqual({
      localizedName: expect.objectContaining({ en: 'Welcome 10%' }),
      discountCode: 'WELCOME10',
      discountApplication: 'HIDDEN_CODE',
      discountType: 'PERCENTAGE',
      appliedDiscountValue: 3,
    });
    expect(q.discountCodeRefusal).toBeNull();

    // The order placed with the same cart and code costs exactly what the preview said.
    const placed = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: { ...pickup(body.cartItems), discountCode: body.discountCode },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().results.cartData).toEqual(q.cartData);
  });

  it('says why a code would be refused, and prices the cart without it', async () => {
    const cases: [Json, string][] = [
      [{ checkoutTemplate: 'PICKUP', discountCode: 'NOSUCHCODE' }, 'discount_code_invalid'],
      // FREEDELIVERY is for delivery orders only, from JOD 15.
      [
        { checkoutTemplate: 'PICKUP', discountCode: 'freedelivery' },
        'discount_template_not_allowed',
      ],
      [
        {
          checkoutTemplate: 'DELIVERY',
          deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
          discountCode: 'FREEDELIVERY',
        },
        'discount_min_order_not_met',
      ],
    ];
    for (const [body, refusal] of cases) {
      const res = await quote({ cartItems: [line('Falafel plate')], ...body });
      expect(res.statusCode, res.body).toBe(200);
      const q = res.json().results;
      expect(q.discountCodeRefusal, JSON.stringify(body)).toBe(refusal);
      expect(q.discount).toBeNull();
      expect(q.cartData.discountDetails).toMatchObject({
        discountCode: null,
        appliedDiscountValue: 0,
      });
    }
    const delivery = await quote({
      checkoutTemplate: 'DELIVERY',
      cartItems: [line('Mixed grill', 'For two')],
      deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
      discountCode: 'FREEDELIVERY',
    });
    expect(delivery.json().results.discount).toMatchObject({
      discountType: 'FREE_DELIVERY',
      appliedDiscountValue: 1.5,
    });
  });

  it('counts no use, and says when the usage limit is reached', async () => {
    await setDiscount('FREEDELIVERY', { overallUsageLimit: 1 });
    const body = {
      checkoutTemplate: 'DELIVERY',
      cartItems: [line('Mixed grill', 'For two')],
      deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
      discountCode: 'FREEDELIVERY',
    };
    for (let i = 0; i < 3; i++) expect((await quote(body)).json().results.discount).not.toBeNull();
    expect((await discountByCode('FREEDELIVERY')).usageCount).toBe(0);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: {
        ...body,
        shippingAddress: { address1: 'Abdoun Circle' },
        phoneNumber: '+962791112233',
        isFulfillmentAsap: true,
        paymentMethodType: 'CASH',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await quote(body)).json().results.discountCodeRefusal).toBe(
      'discount_usage_limit_reached',
    );
    await setDiscount('FREEDELIVERY', { overallUsageLimit: 500 });
  });

  it('shows the automatic discount by itself, and a code replaces it', async () => {
    await setDiscount('HOTDRINKS2', { active: true });
    try {
      const cart = { checkoutTemplate: 'PICKUP', cartItems: [line('Mint tea', 'Regular', 2)] };
      const auto = (await quote(cart)).json().results;
      expect(auto.discount).toMatchObject({
        discountCode: 'HOTDRINKS2',
        discountApplication: 'AUTOMATIC',
        discountType: 'BUY_ONE_GET_ONE',
        appliedDiscountValue: 0.9,
      });
      expect(auto.cartData.total).toBe(0.9);
      // A refused code falls back to the automatic discount in the preview.
      const refused = (await quote({ ...cart, discountCode: 'NOPE1' })).json().results;
      expect(refused.discountCodeRefusal).toBe('discount_code_invalid');
      expect(refused.discount?.discountCode).toBe('HOTDRINKS2');
      const coded = (await quote({ ...cart, discountCode: 'WELCOME10' })).json().results;
      expect(coded.discount?.discountCode).toBe('WELCOME10');
      expect(coded.discount?.appliedDiscountValue).toBe(0.18);
    } finally {
      await setDiscount('HOTDRINKS2', { active: false });
    }
  });

  it('refuses what the intake refuses in the cart, a foreign zone and a bad body', async () => {
    const shawarma = await quote({
      checkoutTemplate: 'DINING',
      cartItems: [line('Chicken shawarma')],
    });
    expect(shawarma.statusCode).toBe(422);
    expect(shawarma.json().errors).toEqual([{ field: 'cartItems.0', codes: ['item_inactive'] }]);
    const zone = await quote({
      checkoutTemplate: 'DELIVERY',
      cartItems: [line('Hummus', 'Small')],
      deliveryZoneId: f.zone(f.casa.id, 'Centro'),
    });
    expect(zone.statusCode, zone.body).toBe(422);
    expect(zone.json().errors).toEqual([
      { field: 'deliveryZoneId', codes: ['delivery_zone_not_found'] },
    ]);
    const sweifiehDining = await quote(
      { checkoutTemplate: 'DINING', cartItems: [line('Hummus', 'Small')] },
      f.sweifieh.id,
    );
    expect(sweifiehDining.json().errors).toEqual([
      { field: 'checkoutTemplate', codes: ['checkout_template_disabled'] },
    ]);
    const empty = await quote({ checkoutTemplate: 'PICKUP', cartItems: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].field).toBe('cartItems');
    expect(
      (await quote({ checkoutTemplate: 'PICKUP', cartItems: [] }, f.madrid.id)).statusCode,
    ).toBe(422);
    const foreign = await quote(
      { checkoutTemplate: 'PICKUP', cartItems: [line('Hummus', 'Small')] },
      f.madrid.id,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('is counted against the public read limit per address', async () => {
    const limited = await createTestApp({
      seed: true,
      config: { publicReadRateLimit: { max: 2, windowMs: 60_000 } },
    });
    try {
      const g = await demoFixtures(limited.database.owner);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: quoteUrl(g.alBayt.id, g.abdoun.id),
          payload: {
            checkoutTemplate: 'PICKUP',
            cartItems: [{ variantId: g.variant('Falafel plate').variantId, quantity: 1 }],
          },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('unique delivery and pickup links', () => {
  const linkUrl = (slug: string, id: string) => `/api/public/storefronts/${slug}/links/${id}`;
  async function links() {
    return ctx.database.owner
      .select()
      .from(s.uniqueLinks)
      .where(and(eq(s.uniqueLinks.tenantId, f.alBayt.id), eq(s.uniqueLinks.branchId, f.abdoun.id)));
  }

  it('resolves to its branch and template, without its private name, with an ETag', async () => {
    const instagram = (await links()).find((l) => l.name === 'Instagram')!;
    const res = await ctx.app.inject({ method: 'GET', url: linkUrl('al-bayt', instagram.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual({
      id: instagram.id,
      tenantId: f.alBayt.id,
      branchId: f.abdoun.id,
      template: 'DELIVERY',
    });
    expect(res.headers.etag).toBeTruthy();
    const other = await ctx.app.inject({ method: 'GET', url: linkUrl('casa-verde', instagram.id) });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(f.abdoun.id);
  });

  it('records the link on the ticket, which staff see with its name', async () => {
    const flyer = (await links()).find((l) => l.name === 'Flyer')!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        checkoutTemplate: 'DELIVERY',
        cartItems: [line('Hummus', 'Small')],
        deliveryZoneId: f.zone(f.alBayt.id, 'Khalda'),
        shippingAddress: { address1: 'Khalda, 7th street' },
        phoneNumber: '+962791112233',
        isFulfillmentAsap: true,
        paymentMethodType: 'CASH',
        uniqueLinkId: flyer.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().results.id as string;
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${id}`,
      headers: owner,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().results.ticketDetails.uniqueLink).toEqual({ id: flyer.id, name: 'Flyer' });
    // The customer's status page does not name the link.
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/tickets/${id}`,
    });
    expect(status.body).not.toContain('Flyer');
  });

  it('refuses a link of another template or branch, and a made-up one', async () => {
    const instagram = (await links()).find((l) => l.name === 'Instagram')!;
    const order = (branchId: string, body: Json) =>
      ctx.app.inject({
        method: 'POST',
        url: intakeUrl(f.alBayt.id, branchId),
        payload: { ...pickup([line('Hummus', 'Small')]), ...body },
      });
    for (const [branchId, uniqueLinkId] of [
      [f.abdoun.id, instagram.id], // a delivery link, a pickup order
      [f.sweifieh.id, instagram.id], // Abdoun's link at Sweifieh
      [f.abdoun.id, randomUUID()],
    ] as const) {
      const res = await order(branchId, { uniqueLinkId });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'uniqueLinkId', codes: ['unique_link_not_found'] },
      ]);
    }
  });
});

describe('the public menu', () => {
  const menuUrl = () =>
    `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=PICKUP`;
  const titles = async () =>
    (await ctx.app.inject({ method: 'GET', url: menuUrl() }))
      .json()
      .results.sections.map(
        (sec: { localizedTitle: { en: string }; parentTitles: { en: string }[] }) =>
          [...sec.parentTitles.map((p) => p.en), sec.localizedTitle.en].join(' › '),
      );

  it('lists the sections in the admin’s order, each with the sections it sits in', async () => {
    expect(await titles()).toEqual([
      'Breakfast',
      'Mains › Grills',
      'Mains › Sandwiches',
      'Drinks › Hot drinks',
      'Drinks › Cold drinks',
    ]);
    // The owner sorts Drinks first, and Cold drinks before Hot drinks.
    const positions = [
      { id: f.section('Drinks'), position: 0 },
      { id: f.section('Breakfast'), position: 1 },
      { id: f.section('Mains'), position: 2 },
      { id: f.section('Cold drinks'), position: 0 },
      { id: f.section('Hot drinks'), position: 1 },
    ];
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs/position`,
      headers: owner,
      payload: positions,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles()).toEqual([
      'Drinks › Cold drinks',
      'Drinks › Hot drinks',
      'Breakfast',
      'Mains › Grills',
      'Mains › Sandwiches',
    ]);
  });
});
