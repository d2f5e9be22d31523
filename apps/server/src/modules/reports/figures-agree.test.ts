import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartTicketsReportResponse,
  DashboardSummary,
  fromMilli,
  toMilli,
  wallClock,
} from '@app/contracts';
import { authAs } from '../../test/auth.ts';
import {
  cardToken as tokenAt,
  createTestAppWithGateway,
  type GatewayTestContext,
} from '../../test/card-gateway.ts';
import { readFirstSheet } from '../../test/xlsx.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

/**
 * Issue 32: over a day of orders, some accepted, completed, awaiting, cancelled and rejected,
 * cash and online card (refunded when cancelled), the dashboard, the orders report's totals and
 * its Excel export say the same figures to the minor unit, by one definition of what counts.
 */
const KEYS = { secretKey: 'sk_test_figures', publishableKey: 'pk_test_figures' };
let ctx: GatewayTestContext;
let f: DemoFixtures;
let owner: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestAppWithGateway(KEYS);
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
}, 120_000);
afterAll(() => ctx.close());

type Placed = { id: string; total: string; paymentId: string | null };

const cardToken = () => tokenAt(ctx.gateway, KEYS.publishableKey);

async function order(card: boolean, quantity: number): Promise<Placed> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.sweifieh.id),
    payload: {
      ...pickup([{ variantId: f.variant('Mixed grill', 'For one').variantId, quantity }]),
      checkoutTemplate: 'DELIVERY',
      deliveryZoneId: f.zone(f.alBayt.id, 'Sweifieh'),
      shippingAddress: { address1: 'Wasfi Al Tal St' },
      phoneNumber: '+962790000123',
      paymentMethodType: card ? 'CREDIT_CARD_ONLINE' : 'CASH',
      ...(card ? { paymentToken: await cardToken() } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const t = res.json().results;
  return {
    id: t.id,
    total: String(t.cartData.total),
    paymentId: t.ticketDetails.paymentDetails.paymentUniqueInvoiceId,
  };
}

const move = async (o: Placed, status: string) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/tenants/${f.alBayt.id}/tickets/${o.id}`,
    headers: owner,
    payload: { status, ...(status === 'Cancelled' ? { reason: 'OUT_OF_STOCK' } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const milliOf = (orders: Placed[]) => orders.reduce((s, o) => s + toMilli(o.total), 0n);

describe("a day's figures", () => {
  it('agree between the dashboard, the report and its Excel export, to the minor unit', async () => {
    // Before: what today already holds (the demo's own orders of today, if any).
    const today = (() => {
      const c = wallClock(new Date(), 'Asia/Amman');
      return `${c.year}-${c.month}-${c.day}`;
    })();
    const filter = { startDate: today, endDate: today, timezone: 'Asia/Amman' };
    const dashboard = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/tenants/${f.alBayt.id}/dashboard/summary`,
        headers: owner,
      });
      expect(res.statusCode, res.body).toBe(200);
      return DashboardSummary.parse(res.json().results).today.figures;
    };
    const report = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/tenants/${f.alBayt.id}/reports/carttickets`,
        headers: owner,
        payload: { ...filter, pageSize: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return CartTicketsReportResponse.parse(res.json()).totals;
    };
    const before = await report();
    const was = before.amounts.find((a) => a.currency === 'JOD');
    const zero = { count: 0, total: 0 };

    // The day: 3 completed (1 by card), 2 in progress, 1 awaiting, 2 rejected and 1 cancelled
    // after accepting (2 of them by card: refunded), in quantities that make odd totals.
    const completed = [await order(true, 1), await order(false, 2), await order(false, 3)];
    const inProgress = [await order(false, 1), await order(true, 4)];
    const awaiting = [await order(false, 2)];
    const rejected = [await order(true, 3), await order(false, 1)];
    const cancelled = [await order(true, 2)];
    for (const o of [...completed, ...inProgress, ...cancelled]) await move(o, 'InProgress');
    for (const o of completed) await move(o, 'Completed');
    for (const o of [...rejected, ...cancelled]) await move(o, 'Cancelled');
    const refunded = [rejected[0]!, cancelled[0]!];

    const plus = (was: { count: number; total: number } | undefined, orders: Placed[]) => ({
      count: (was?.count ?? 0) + orders.length,
      total: Number(fromMilli(toMilli(String(was?.total ?? 0)) + milliOf(orders))),
    });
    const totals = await report();
    const jod = totals.amounts.find((a) => a.currency === 'JOD')!;
    expect(jod.sales).toEqual(plus(was?.sales ?? zero, [...completed, ...inProgress]));
    expect(jod.awaiting).toEqual(plus(was?.awaiting ?? zero, awaiting));
    expect(jod.cancelled).toEqual(plus(was?.cancelled ?? zero, [...rejected, ...cancelled]));
    expect(jod.refunded).toEqual(plus(was?.refunded ?? zero, refunded));
    expect(totals.count).toBe(before.count + 9);

    // The gateway gave back exactly the refunded orders' totals, in fils.
    const given = refunded.reduce(
      (s, o) => s + ctx.gateway.payments.get(o.paymentId!)!.refundedAmount,
      0,
    );
    expect(given).toBe(Number(milliOf(refunded)));

    // The dashboard counts the same: sales, awaiting, cancelled.
    const d = await dashboard();
    expect({ orders: d.orders, sales: d.sales }).toEqual({
      orders: jod.sales.count,
      sales: jod.sales.total,
    });
    expect(d.awaitingAcceptance).toBe(jod.awaiting.count);
    expect(d.cancelled).toBe(jod.cancelled.count);

    // The export's footer, read without exceljs, says the same numbers.
    const file = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.alBayt.id}/reports/carttickets/export`,
      headers: owner,
      payload: { ...filter, exportFormat: 'excel', lang: 'en' },
    });
    expect(file.statusCode, file.body).toBe(200);
    const lines = [...readFirstSheet(file.rawPayload).rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, cells]) => cells.map((c) => c?.value ?? null));
    const line = (label: string) => lines.find((l) => l[0] === label);
    expect(line('Orders')?.[1]).toBe(totals.count);
    for (const [label, sum] of [
      ['Sales', jod.sales],
      ['Awaiting acceptance', jod.awaiting],
      ['Cancelled', jod.cancelled],
      ['Of them refunded', jod.refunded],
    ] as const) {
      const found = line(`${label} (${sum.count})`);
      expect(found, label).toBeDefined();
      expect(found!.filter((v) => typeof v === 'number')).toEqual([sum.total]);
    }
  }, 60_000);
});
