import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DashboardSummary,
  fromMilli,
  toMilli,
  type CartTicketsReportResponse,
  type DashboardPeriod,
} from '@app/contracts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';
import { addDays } from './dashboard.service.ts';

/**
 * The dashboard against hand-computed sums of tickets placed through the intake and moved to
 * known moments and statuses: Amman is UTC+3 all year; Madrid changes to summer time on
 * 2025-03-30 at 02:00 (that day has 23 hours).
 */
let now = new Date('2025-06-11T09:00:00Z'); // Wednesday 12:00 in Amman; the week began Sunday 8th
let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let casaOwner: Record<string, string>;

type Placed = { id: string; total: string; lines: { itemId: string; quantity: number }[] };

beforeAll(async () => {
  ctx = await createTestApp({ seed: true, clock: () => now });
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
  casaOwner = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(() => ctx.close());

/** An instant of Amman's clock (UTC+3). */
const amman = (date: string, time: string) =>
  new Date(Date.parse(`${date}T${time}Z`) - 3 * 3_600_000).toISOString();

/** Places an order through the public intake, then sets when it was placed and its status. */
async function order(opts: {
  at: string;
  status: string;
  branchId?: string;
  tenantId?: string;
  body?: Record<string, unknown>;
}): Promise<Placed> {
  const tenantId = opts.tenantId ?? f.alBayt.id;
  const branchId = opts.branchId ?? f.abdoun.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(tenantId, branchId),
    payload: opts.body ?? pickup([{ variantId: f.variant('Falafel plate').variantId }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const ticket = res.json().results;
  await ctx.database.owner.execute(
    sql`update tickets set created_at = ${opts.at}::timestamptz, status = ${opts.status}
        where tenant_id = ${tenantId} and id = ${ticket.id}`,
  );
  return {
    id: ticket.id,
    total: fromMilli(toMilli(String(ticket.cartData.total))),
    lines: ticket.cartData.cartItems.map((l: { itemId: string; quantity: number }) => ({
      itemId: l.itemId,
      quantity: l.quantity,
    })),
  };
}

const summary = async (query = '', headers = owner, tenantId = f.alBayt.id) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/tenants/${tenantId}/dashboard/summary${query}`,
    headers,
  });
  return res;
};
const read = async (query = '') => {
  const res = await summary(query);
  expect(res.statusCode, res.body).toBe(200);
  return DashboardSummary.parse(res.json().results);
};

const sum = (orders: readonly Placed[]) =>
  Number(fromMilli(orders.reduce((s, o) => s + toMilli(o.total), 0n)));
const hour = (p: DashboardPeriod, h: number) => p.byHour.find((b) => b.hour === h)!;
/** sales ÷ orders rounded half up to JOD's minor unit (a thousandth). */
const average = (sales: number, orders: number) =>
  Number(fromMilli((toMilli(String(sales)) * 2n + BigInt(orders)) / (2n * BigInt(orders))));

describe('the dashboard of today and this week', () => {
  const o: Record<string, Placed> = {};

  beforeAll(async () => {
    const falafel = f.variant('Falafel plate').variantId;
    const grill = f.variant('Mixed grill', 'For one').variantId;
    const coffee = f.variant('Arabic coffee').variantId;
    // Today in Amman (Wednesday 11 June).
    o.a = await order({
      at: amman('2025-06-11', '10:15:00'),
      status: 'Completed',
      body: pickup([
        { variantId: falafel, quantity: 2 },
        { variantId: coffee, quantity: 3 },
      ]),
    });
    o.b = await order({
      at: amman('2025-06-11', '10:50:00'),
      status: 'InProgress',
      body: {
        ...pickup([{ variantId: grill, quantity: 1 }]),
        checkoutTemplate: 'DELIVERY',
        deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
        shippingAddress: { address1: 'Street 1' },
        phoneNumber: '+962790000001',
      },
    });
    o.c = await order({
      at: amman('2025-06-11', '11:40:00'),
      status: 'Completed',
      branchId: f.sweifieh.id,
      body: pickup([{ variantId: coffee, quantity: 1 }]),
    });
    o.dining = await order({
      at: amman('2025-06-11', '00:30:00'), // 21:30 UTC on the 10th: today in Amman
      status: 'Completed',
      body: {
        ...pickup([{ variantId: falafel, quantity: 1 }]),
        checkoutTemplate: 'DINING',
        serviceAreaId: f.table('4'),
      },
    });
    o.cancelled = await order({ at: amman('2025-06-11', '09:00:00'), status: 'Cancelled' });
    o.waiting = await order({ at: amman('2025-06-11', '11:55:00'), status: 'UnVerified' });
    o.fresh = await order({ at: amman('2025-06-11', '11:56:00'), status: 'New' });
    // Earlier this week.
    o.monday = await order({
      at: amman('2025-06-09', '23:30:00'),
      status: 'Completed',
      body: pickup([{ variantId: grill, quantity: 2 }]),
    });
    o.sundayStart = await order({ at: amman('2025-06-08', '00:00:30'), status: 'InProgress' });
    o.lastNight = await order({ at: amman('2025-06-10', '23:59:59'), status: 'Completed' });
    // Outside: the Saturday before, and another tenant today.
    o.saturday = await order({ at: amman('2025-06-07', '23:59:00'), status: 'Completed' });
    o.casa = await order({
      at: '2025-06-11T08:00:00Z',
      status: 'Completed',
      tenantId: f.casa.id,
      branchId: f.madrid.id,
      body: pickup([{ variantId: f.variant('Patatas bravas').variantId }]),
    });
  }, 60_000);

  it('counts and adds up the accepted orders of today, by hour, template and branch', async () => {
    const s = await read();
    expect(s).toMatchObject({
      timeZone: 'Asia/Amman',
      currency: 'JOD',
      branchId: null,
      countedStatuses: ['InProgress', 'Completed'],
    });
    const today = s.today;
    expect(today.startDate).toBe('2025-06-11');
    expect(today.endDate).toBe('2025-06-11');
    const counted = [o.a!, o.b!, o.c!, o.dining!];
    const sales = sum(counted);
    expect(today.figures).toEqual({
      orders: 4,
      sales,
      averageTicket: average(sales, 4),
      awaitingAcceptance: 2,
      cancelled: 1,
    });
    expect(hour(today, 0)).toEqual({ hour: 0, orders: 1, sales: sum([o.dining!]) });
    expect(hour(today, 10)).toEqual({ hour: 10, orders: 2, sales: sum([o.a!, o.b!]) });
    expect(hour(today, 11)).toEqual({ hour: 11, orders: 1, sales: sum([o.c!]) });
    expect(today.byHour).toHaveLength(24);
    expect(today.byHour.reduce((n, b) => n + b.orders, 0)).toBe(4);
    expect(today.byTemplate).toEqual([
      { checkoutTemplate: 'DELIVERY', orders: 1, sales: sum([o.b!]) },
      { checkoutTemplate: 'PICKUP', orders: 2, sales: sum([o.a!, o.c!]) },
      { checkoutTemplate: 'DINING', orders: 1, sales: sum([o.dining!]) },
    ]);
    expect(today.byBranch.map((b) => [b.branchName.en, b.orders, b.sales])).toEqual([
      ['Abdoun', 3, sum([o.a!, o.b!, o.dining!])],
      ['Sweifieh', 1, sum([o.c!])],
    ]);
    expect(today.byDay).toEqual([{ date: '2025-06-11', orders: 4, sales }]);
  });

  it('rounds the average ticket to the currency’s minor unit', async () => {
    const s = await read();
    expect(s.week.figures.averageTicket).toBe(average(s.week.figures.sales, 7));
    // EUR has two decimals: 3 tapas orders of 5.50 average 5.50; no orders average 0.
    const empty = await summary(`?branchId=${f.sweifieh.id}`);
    expect(DashboardSummary.parse(empty.json().results).week.figures.averageTicket).toBe(
      sum([o.c!]),
    );
  });

  it('spans the week from Sunday, the local day edges included', async () => {
    const s = await read();
    const week = s.week;
    expect(week.startDate).toBe('2025-06-08');
    expect(week.endDate).toBe('2025-06-11');
    const counted = [o.a!, o.b!, o.c!, o.dining!, o.monday!, o.sundayStart!, o.lastNight!];
    expect(week.figures.orders).toBe(7);
    expect(week.figures.sales).toBe(sum(counted));
    expect(week.byDay).toEqual([
      { date: '2025-06-08', orders: 1, sales: sum([o.sundayStart!]) },
      { date: '2025-06-09', orders: 1, sales: sum([o.monday!]) },
      { date: '2025-06-10', orders: 1, sales: sum([o.lastNight!]) },
      { date: '2025-06-11', orders: 4, sales: sum([o.a!, o.b!, o.c!, o.dining!]) },
    ]);
    // 23:30 on Monday and 23:59:59 on Tuesday are hour 23, whatever the UTC date.
    expect(hour(week, 23)).toEqual({ hour: 23, orders: 2, sales: sum([o.monday!, o.lastNight!]) });
    expect(hour(week, 0).orders).toBe(2);
  });

  it('names the top items by quantity from the counted orders’ lines', async () => {
    const s = await read();
    const coffee = f.variant('Arabic coffee').itemId;
    const falafel = f.variant('Falafel plate').itemId;
    const grill = f.variant('Mixed grill', 'For one').itemId;
    // Today: coffee 3 + 1, falafel 2 + 1, grill 1 (cancelled and waiting orders not counted).
    expect(s.today.topItems.map((i) => [i.itemId, i.quantity])).toEqual([
      [coffee, 4],
      [falafel, 3],
      [grill, 1],
    ]);
    expect(s.today.topItems[0]!.localizedTitle.en).toBe('Arabic coffee');
    // The week adds Sunday's and Tuesday's falafel and Monday's two grills.
    expect(s.week.topItems.map((i) => [i.itemId, i.quantity])).toEqual([
      [falafel, 5],
      [coffee, 4],
      [grill, 3],
    ]);
    // Item sales are the lines' menu prices: 3 × 8.500, without service charge or delivery fee.
    expect(s.week.topItems[2]!.sales).toBe(25.5);
    expect(s.week.topItems[0]!.sales).toBe(5 * 2.25);
  });

  it('agrees with the orders report for the same days, zone and branch, by one definition', async () => {
    const report = async (body: Record<string, unknown>) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/tenants/${f.alBayt.id}/reports/carttickets`,
        headers: owner,
        payload: {
          timezone: 'Asia/Amman',
          pageSize: 1,
          ...body,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as CartTicketsReportResponse).totals;
    };
    const s = await read();
    for (const [period, startDate] of [
      [s.today, '2025-06-11'],
      [s.week, '2025-06-08'],
    ] as const) {
      const totals = await report({ startDate, endDate: '2025-06-11' });
      // Every ticket the report finds, and what the dashboard counts of them: sales, those
      // awaiting acceptance, the cancelled.
      const [jod] = totals.amounts;
      expect(totals.amounts).toHaveLength(1);
      expect(jod!.sales).toEqual({ count: period.figures.orders, total: period.figures.sales });
      expect(jod!.awaiting.count).toBe(period.figures.awaitingAcceptance);
      expect(jod!.cancelled.count).toBe(period.figures.cancelled);
      expect(totals.count).toBe(
        period.figures.orders + period.figures.awaitingAcceptance + period.figures.cancelled,
      );
    }
    const sweifieh = await read(`?branchId=${f.sweifieh.id}`);
    const totals = await report({
      startDate: '2025-06-08',
      endDate: '2025-06-11',
      branchIds: [f.sweifieh.id],
    });
    expect(totals.amounts[0]?.sales).toEqual({
      count: sweifieh.week.figures.orders,
      total: sweifieh.week.figures.sales,
    });
  });

  it('narrows to one branch', async () => {
    const s = await read(`?branchId=${f.sweifieh.id}`);
    expect(s.branchId).toBe(f.sweifieh.id);
    expect(s.today.figures).toMatchObject({ orders: 1, sales: sum([o.c!]), cancelled: 0 });
    expect(s.today.byBranch.map((b) => b.branchId)).toEqual([f.sweifieh.id]);
  });

  it('keeps each tenant to its own tickets and branches', async () => {
    const casa = await summary('', casaOwner, f.casa.id);
    expect(casa.statusCode).toBe(200);
    const c = DashboardSummary.parse(casa.json().results);
    expect(c).toMatchObject({ timeZone: 'Europe/Madrid', currency: 'EUR' });
    expect(c.today.figures.orders).toBe(1);
    expect(c.today.figures.sales).toBe(sum([o.casa!]));
    // Another tenant's branch, and another tenant's dashboard.
    expect((await summary(`?branchId=${f.madrid.id}`)).statusCode).toBe(404);
    expect((await summary('', casaOwner)).statusCode).toBe(404);
  });

  it('is the owner’s alone', async () => {
    for (const email of ['manager@demo.local', 'staff@demo.local']) {
      const res = await summary('', await authAs(ctx, email));
      expect(res.statusCode).toBe(403);
    }
    expect((await summary('', {})).statusCode).toBe(401);
    const bad = await summary('?branchId=nope');
    expect(bad.statusCode).toBe(422);
  });
});

describe('a day of 23 hours (Madrid, summer time from 2025-03-30 02:00)', () => {
  it('buckets the hours of the local clock and ends the day at local midnight', async () => {
    now = new Date('2025-03-30T20:00:00Z'); // 22:00 in Madrid (CEST)
    const tapas = pickup([{ variantId: f.variant('Patatas bravas').variantId }]);
    const at = (iso: string) =>
      order({
        at: iso,
        status: 'Completed',
        tenantId: f.casa.id,
        branchId: f.madrid.id,
        body: tapas,
      });
    const early = await at('2025-03-30T00:30:00Z'); // 01:30 CET
    const late = await at('2025-03-30T01:30:00Z'); // 03:30 CEST: 02:00–03:00 never happened
    const before = await at('2025-03-29T22:59:00Z'); // 23:59 CET on the 29th (Saturday)
    const first = await at('2025-03-29T23:00:00Z'); // 00:00 on the 30th
    const res = await summary('', casaOwner, f.casa.id);
    const s = DashboardSummary.parse(res.json().results);
    expect(s.today.startDate).toBe('2025-03-30');
    // Sunday: the week starts today.
    expect(s.week.startDate).toBe('2025-03-30');
    expect(s.today.figures.orders).toBe(3);
    expect(s.today.figures.sales).toBe(sum([early, late, first]));
    expect(hour(s.today, 0).orders).toBe(1);
    expect(hour(s.today, 1).orders).toBe(1);
    expect(hour(s.today, 2).orders).toBe(0);
    expect(hour(s.today, 3).orders).toBe(1);
    expect(before.id).not.toBe(first.id);
  });
});

describe('addDays', () => {
  it('crosses months and years', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-29', 3)).toBe('2025-01-01');
  });
});
