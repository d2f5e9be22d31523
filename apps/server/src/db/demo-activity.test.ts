import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSummary, TableBillTransaction } from '@app/contracts';
import { authAs } from '../test/auth.ts';
import { createTestAppWithGateway, type GatewayTestContext } from '../test/card-gateway.ts';
import { seedDemoActivity } from './demo-activity.ts';

const KEYS = { secretKey: 'sk_demo_week', publishableKey: 'pk_demo_week' };
let ctx: GatewayTestContext;

beforeAll(async () => {
  ctx = await createTestAppWithGateway(KEYS);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe("the demo's past week", () => {
  it('places closed orders over the last days and two paid table bills', async () => {
    const now = new Date();
    const placed = await seedDemoActivity(ctx.app, ctx.database.owner, ctx.config, now);
    expect(placed.orders).toBeGreaterThan(20);
    expect(placed.payments).toBe(2);

    const rows = (
      (await ctx.database.owner.execute(sql`
        select tickets.status, tickets.created_at from tickets
        join tenants on tenants.id = tickets.tenant_id where tenants.slug = 'al-bayt'`)) as unknown as {
        rows: { status: string; created_at: string | Date }[];
      }
    ).rows;
    expect(rows).toHaveLength(placed.orders);
    for (const row of rows) {
      expect(['Completed', 'Cancelled']).toContain(row.status);
      const at = new Date(row.created_at).getTime();
      expect(at).toBeLessThan(now.getTime());
      expect(at).toBeGreaterThan(now.getTime() - 9 * 24 * 3_600_000);
    }

    const owner = await authAs(ctx, 'owner@demo.local');
    const tenant = (
      (await ctx.database.owner.execute(
        sql`select id from tenants where slug = 'al-bayt'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;
    const feed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenant}/tablebillpayment/paymentsfeed`,
      headers: owner,
    });
    const payments = (feed.json().results as unknown[]).map((t) => TableBillTransaction.parse(t));
    expect(payments.map((p) => p.serviceArea).sort()).toEqual(['11', '3']);
    expect(payments.every((p) => p.status === 'PAID' && p.ticketNumbers.length === 2)).toBe(true);

    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenant}/dashboard/summary`,
      headers: owner,
    });
    const week = DashboardSummary.parse(dashboard.json().results).week;
    expect(week.figures.orders).toBeGreaterThan(0);
  });
});
