import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs } from '../../test/auth.ts';
import { createTestAppWithGateway, type GatewayTestContext } from '../../test/card-gateway.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from './test-fixtures.ts';

const KEYS = { secretKey: 'sk_test_payments', publishableKey: 'pk_test_payments' };
let ctx: GatewayTestContext;
let emulator: GatewayTestContext['gateway'];
let f: DemoFixtures;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestAppWithGateway(KEYS);
  emulator = ctx.gateway;
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

type Json = Record<string, unknown>;
const codesOf = (res: { json(): { errors?: { field: string; codes: string[] }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.codes]));

/** What a storefront's browser does: card details to the gateway, a token back. */
async function tokenFor(number: string, key = KEYS.publishableKey) {
  const res = await fetch(`${emulator.url}/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      number,
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    }),
  });
  return { status: res.status, body: (await res.json()) as { id: string } };
}

/** A delivery order of Sweifieh, which takes cash and online card (demo data). */
const onlineOrder = (token: string, extra: Json = {}) => ({
  ...pickup([{ variantId: f.variant('Mixed grill', 'For one').variantId }]),
  checkoutTemplate: 'DELIVERY',
  deliveryZoneId: f.zone(f.alBayt.id, 'Sweifieh'),
  shippingAddress: { address1: 'Wasfi Al Tal St' },
  phoneNumber: '+962790000123',
  paymentMethodType: 'CREDIT_CARD_ONLINE',
  paymentToken: token,
  ...extra,
});
const place = (body: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.sweifieh.id),
    headers: key ? { 'idempotency-key': key } : {},
    payload: body as Json,
  });
const setStatus = (id: string, body: Json) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/tenants/${f.alBayt.id}/tickets/${id}`,
    headers: staff,
    payload: body,
  });
const gatewayPayment = (id: string) => emulator.payments.get(id);

describe('an online card order', () => {
  it('is paid through the gateway and refunded when cancelled', async () => {
    const token = await tokenFor('4242 4242 4242 4242');
    expect(token.status).toBe(201);
    const res = await place(onlineOrder(token.body.id));
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().results;
    // 8.500 + 10 % service + 2.000 delivery = 11.350 JOD, in fils.
    expect(ticket.cartData.total).toBe(11.35);
    const details = ticket.ticketDetails.paymentDetails;
    expect(details).toMatchObject({
      paymentMethodType: 'CREDIT_CARD_ONLINE',
      cardScheme: 'VISA',
      maskedValue: '•••• 4242',
      paymentStatus: 'SUCCESS',
    });
    const payment = gatewayPayment(details.paymentUniqueInvoiceId);
    expect(payment).toMatchObject({
      status: 'captured',
      amount: 11350,
      capturedAmount: 11350,
      currency: 'JOD',
      reference: ticket.id,
      refundedAmount: 0,
    });

    // The ticket as staff see it carries the same details.
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${ticket.id}`,
      headers: staff,
    });
    expect(seen.json().results.ticketDetails.paymentDetails).toEqual(details);

    await setStatus(ticket.id, { status: 'InProgress' });
    const cancelled = await setStatus(ticket.id, {
      status: 'Cancelled',
      reason: 'OUT_OF_STOCK',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().results).toMatchObject({
      status: 'Cancelled',
      ticketDetails: { paymentDetails: { paymentStatus: 'REFUNDED' } },
    });
    expect(gatewayPayment(details.paymentUniqueInvoiceId)).toMatchObject({
      refundedAmount: 11350,
      refunds: [expect.objectContaining({ amount: 11350 })],
    });
  });

  it('refunds a rejected order too, and a cash order needs no refund', async () => {
    const token = await tokenFor('5555555555554444');
    const paid = (await place(onlineOrder(token.body.id))).json().results;
    expect(paid.ticketDetails.paymentDetails.cardScheme).toBe('MASTERCARD');
    const rejected = await setStatus(paid.id, {
      status: 'Cancelled',
      reason: 'NOT_ACCEPTING_ORDERS',
    });
    expect(rejected.json().results.ticketDetails.paymentDetails.paymentStatus).toBe('REFUNDED');
    expect(
      gatewayPayment(paid.ticketDetails.paymentDetails.paymentUniqueInvoiceId)?.refundedAmount,
    ).toBe(11350);

    const cash = await place({ ...onlineOrder(''), paymentMethodType: 'CASH', paymentToken: null });
    expect(cash.statusCode, cash.body).toBe(201);
    const done = await setStatus(cash.json().results.id, {
      status: 'Cancelled',
      reason: 'OUT_OF_STOCK',
    });
    expect(done.json().results.ticketDetails.paymentDetails.paymentStatus).toBeNull();
  });

  it('makes no ticket for a declined card, and says why', async () => {
    const before = emulator.payments.size;
    for (const [card, reason] of [
      ['4000000000000002', 'card_declined'],
      ['4000000000009995', 'insufficient_funds'],
    ] as const) {
      const token = await tokenFor(card);
      const res = await place(onlineOrder(token.body.id));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'paymentToken', codes: ['payment_declined'], params: { reason } },
      ]);
    }
    // A token is good for one payment only.
    const token = await tokenFor('4242424242424242');
    expect((await place(onlineOrder(token.body.id))).statusCode).toBe(201);
    const reused = await place(onlineOrder(token.body.id));
    expect(reused.json().errors[0]).toMatchObject({ params: { reason: 'invalid_token' } });
    expect(emulator.payments.size).toBe(before + 1);
  });

  it('answers 503 and charges nothing when the gateway fails', async () => {
    const token = await tokenFor('4000000000000119');
    const res = await place(onlineOrder(token.body.id));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payment_provider_unavailable');
  });

  it('charges a retried order once', async () => {
    const key = randomUUID();
    const token = await tokenFor('4242424242424242');
    const body = onlineOrder(token.body.id);
    const [a, b] = await Promise.all([place(body, key), place(body, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const id = a.json().results.ticketDetails.paymentDetails.paymentUniqueInvoiceId;
    expect(b.json().results.ticketDetails.paymentDetails.paymentUniqueInvoiceId).toBe(id);
    const charged = [...emulator.payments.values()].filter(
      (p) => p.reference === a.json().results.id,
    );
    expect(charged).toHaveLength(1);
  });

  it('refuses an online method the template does not take, and one without a token', async () => {
    const token = await tokenFor('4242424242424242');
    const abdoun = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: onlineOrder(token.body.id),
    });
    expect(codesOf(abdoun)).toEqual({ paymentMethodType: ['payment_method_not_accepted'] });
    expect(codesOf(await place(onlineOrder('')))).toEqual({ paymentToken: ['required'] });
    const menu = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/branches/${f.sweifieh.id}/menu?checkoutTemplate=DELIVERY`,
    });
    expect(menu.json().results.paymentMethods).toEqual(['CASH', 'CREDIT_CARD_ONLINE']);
    const store = await ctx.app.inject({ method: 'GET', url: '/api/public/storefronts/al-bayt' });
    expect(store.json().results.payments).toEqual({
      tokenUrl: `${emulator.url}/v1/tokens`,
      publishableKey: KEYS.publishableKey,
    });
  });

  it('cancels the order and says so when the gateway refuses the refund; a retry asks again', async () => {
    const token = await tokenFor('4242424242424242');
    const paid = (await place(onlineOrder(token.body.id))).json().results;
    const paymentId = paid.ticketDetails.paymentDetails.paymentUniqueInvoiceId;
    // The gateway does not know the payment (404): a refusal, nothing refunded.
    const stored = emulator.payments.get(paymentId)!;
    emulator.payments.delete(paymentId);
    const refused = await setStatus(paid.id, { status: 'Cancelled', reason: 'OUT_OF_STOCK' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().results).toMatchObject({
      status: 'Cancelled',
      ticketDetails: { paymentDetails: { paymentStatus: 'REFUND_FAILED' } },
    });
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/tickets/${paid.id}`,
    });
    expect(page.json().results.refund).toEqual({
      amount: 11.35,
      currency: 'JOD',
      status: 'FAILED',
    });
    emulator.payments.set(paymentId, stored);
    const retried = await setStatus(paid.id, { status: 'Cancelled', reason: 'OUT_OF_STOCK' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().results.ticketDetails.paymentDetails.paymentStatus).toBe('REFUNDED');
    expect(stored.refundedAmount).toBe(stored.capturedAmount);
    expect(stored.refunds).toHaveLength(1);
  });
});

describe('the gateway emulator', () => {
  it('refuses wrong keys and refunds no more than was captured', async () => {
    expect((await tokenFor('4242424242424242', 'pk_wrong')).status).toBe(401);
    const post = (path: string, body: unknown, key = KEYS.secretKey) =>
      fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/v1/payments', {}, 'sk_wrong')).status).toBe(401);
    const token = await tokenFor('4242424242424242');
    const auth = (await (
      await post('/v1/payments', { amount: 500, currency: 'JOD', source: token.body.id })
    ).json()) as {
      id: string;
    };
    expect((await post(`/v1/payments/${auth.id}/refunds`, { amount: 100 })).status).toBe(409);
    expect((await post(`/v1/payments/${auth.id}/capture`, { amount: 500 })).status).toBe(200);
    expect((await post(`/v1/payments/${auth.id}/void`, {})).status).toBe(409);
    expect((await post(`/v1/payments/${auth.id}/refunds`, { amount: 400 })).status).toBe(201);
    expect((await post(`/v1/payments/${auth.id}/refunds`, { amount: 101 })).status).toBe(409);
  });
});

describe('an online card order with a discount', () => {
  let manager: Record<string, string>;
  const createCode = async (code: string, over: Json = {}) => {
    manager ??= await authAs(ctx, 'manager@demo.local');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/b1/marketing/discounts`,
      headers: manager,
      payload: {
        discountName: { fieldValue: code },
        discountCode: code,
        discountApplication: 'MANUAL_ENTRY',
        discountType: 'FREE_DELIVERY',
        minOrderValue: 0,
        checkoutTemplates: ['DELIVERY'],
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('charges the discounted total: free delivery takes the zone fee off', async () => {
    await createCode('CARDSHIP');
    const token = await tokenFor('4242424242424242');
    const res = await place(onlineOrder(token.body.id, { discountCode: 'cardship' }));
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().results;
    expect(ticket.cartData).toMatchObject({
      deliveryTotal: 2,
      discountDetails: { discountCode: 'CARDSHIP', appliedDiscountValue: 2 },
      total: 9.35,
    });
    const payment = gatewayPayment(ticket.ticketDetails.paymentDetails.paymentUniqueInvoiceId);
    expect(payment).toMatchObject({ status: 'captured', capturedAmount: 9350 });
  });

  it('keeps no money of an order whose code lost the last use to a concurrent order', async () => {
    await createCode('LASTONE', { overallUsageLimit: 1 });
    const before = new Set(emulator.payments.keys());
    const tokens = await Promise.all(Array.from({ length: 6 }, () => tokenFor('4242424242424242')));
    const results = await Promise.all(
      tokens.map((t) => place(onlineOrder(t.body.id, { discountCode: 'LASTONE' }))),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(1);
    for (const refused of results.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(422);
      expect(codesOf(refused)).toEqual({ discountCode: ['discount_usage_limit_reached'] });
    }
    // Charged and refunded, or never charged: only the placed order's money stays taken.
    const kept = [...emulator.payments.values()]
      .filter((p) => !before.has(p.id))
      .reduce((sum, p) => sum + p.capturedAmount - p.refundedAmount, 0);
    expect(kept).toBe(9350);
  });
});
