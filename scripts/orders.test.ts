import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Currency, formatMoney } from '@app/contracts';
import * as s from '../apps/server/src/db/schema.ts';
import { baseUrlOf } from '../apps/server/src/test/auth.ts';
import { createTestApp, type TestContext } from '../apps/server/src/test/harness.ts';
// @ts-expect-error a plain Node script without types
import { placeOrders } from './orders.mjs';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  url = await baseUrlOf(ctx.app);
}, 120_000);
afterAll(() => ctx.close());

type Result = { ok: boolean; ticketNumber?: number; why?: string };

describe('npm run orders', () => {
  it('places realistic orders of the demo tenant through the public intake', async () => {
    const lines: string[] = [];
    const results: Result[] = await placeOrders({
      url,
      count: 12,
      rate: 100,
      seed: 7,
      log: (l: string) => lines.push(l),
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const numbers = results.map((r) => r.ticketNumber);
    expect(new Set(numbers).size).toBe(12);
    const [tenant] = await ctx.database.owner
      .select()
      .from(s.tenants)
      .where(eq(s.tenants.slug, 'al-bayt'));
    const rows = await ctx.database.owner
      .select()
      .from(s.tickets)
      .where(eq(s.tickets.tenantId, tenant!.id));
    expect(rows).toHaveLength(12);
    expect(lines.every((l) => /#\d+/.test(l))).toBe(true);
    // Each total reads as the admin and the receipt show it: the contracts' one formatter.
    for (const row of rows.filter((r) => r.ticketType === 'cartticket')) {
      const line = lines.find((l) => l.includes(`#${row.ticketNumber} `));
      expect(line).toContain(formatMoney(row.total, Currency.parse(row.currency)));
    }
  });

  it('puts a promo code on a third of the orders with --discount, priced by the server', async () => {
    const lines: string[] = [];
    const results: Result[] = await placeOrders({
      url,
      count: 12,
      rate: 100,
      seed: 11,
      discount: 'WELCOME10',
      log: (l: string) => lines.push(l),
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const numbers = new Set(results.map((r) => r.ticketNumber));
    const rows = (await ctx.database.owner.select().from(s.tickets)).filter((r) =>
      numbers.has(r.ticketNumber),
    );
    const discounted = rows.filter((r) => r.cartData.discountDetails.discountCode === 'WELCOME10');
    expect(discounted.length).toBeGreaterThan(0);
    expect(discounted.length).toBeLessThan(rows.length);
    for (const row of discounted) {
      const applied = row.cartData.discountDetails.appliedDiscountValue;
      expect(Number(applied)).toBeGreaterThan(0);
      const line = lines.find((l) => l.includes(`#${row.ticketNumber} `));
      expect(line).toContain(`(WELCOME10 −${formatMoney(applied, Currency.parse(row.currency))})`);
    }
  });
});
