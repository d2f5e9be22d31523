import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../test/harness.ts';
import { seedDemoData } from './seed.ts';
import * as s from './schema.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const counts = async () => {
  const db = database.owner;
  const one = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    tenants: await one(s.tenants),
    branches: await one(s.branches),
    users: await one(s.users),
    items: await one(s.items),
    variants: await one(s.variants),
  };
};

describe('demo data', () => {
  it('loads three tenants, the first with two branches and a menu with variants and taxes', async () => {
    const result = await seedDemoData(database.owner);
    expect(result).toEqual({ seeded: true, tenants: 3 });
    const tenants = await database.owner.select().from(s.tenants);
    expect(tenants.map((t) => t.slug).sort()).toEqual(['al-bayt', 'burger-yard', 'casa-verde']);
    // One tenant's menu comes from a point of sale, so the read-only mode can be tried.
    expect(tenants.filter((t) => t.isIntegrated).map((t) => t.slug)).toEqual(['burger-yard']);
    const first = tenants.find((t) => t.slug === 'al-bayt');
    const branches = await database.owner
      .select()
      .from(s.branches)
      .where(eq(s.branches.tenantId, first!.id));
    expect(branches).toHaveLength(2);
    const subSections = await database.owner
      .select()
      .from(s.categories)
      .where(eq(s.categories.tenantId, first!.id));
    expect(subSections.some((c) => c.parentId !== null)).toBe(true);
    const c = await counts();
    expect(c.variants).toBeGreaterThan(c.items);
    expect((await database.owner.select().from(s.itemTaxes)).length).toBeGreaterThan(0);
    expect((await database.owner.select().from(s.serviceAreas)).length).toBe(26);
    expect((await database.owner.select().from(s.uniqueLinks)).length).toBe(2);
    // Each tenant's staff, the super admin, the manager of both and the legacy account.
    expect(c.users).toBe(8);
    const groups = await database.owner
      .select()
      .from(s.modifierGroups)
      .where(eq(s.modifierGroups.tenantId, first!.id));
    expect(groups.map((g) => g.name).sort()).toEqual(['Coffee sugar', 'Extras', 'Grill extras']);
    const extras = groups.find((g) => g.name === 'Extras')!;
    expect(
      (await database.owner.select().from(s.modifierItems)).filter((i) => i.groupId === extras.id),
    ).toHaveLength(3);
    // The POS mapping demo: Al Bayt and the integrated Burger Yard are connected to HubRise.
    const connected = await database.owner.select().from(s.posConnections);
    const bySlug = new Map(
      (await database.owner.select().from(s.tenants)).map((t) => [t.id, t.slug]),
    );
    expect(connected.map((p) => bySlug.get(p.tenantId)).sort()).toEqual(['al-bayt', 'burger-yard']);
    const discounts = await database.owner
      .select()
      .from(s.discounts)
      .where(eq(s.discounts.tenantId, first!.id));
    expect(discounts.map((d) => d.code).sort()).toEqual([
      'FREEDELIVERY',
      'HOTDRINKS2',
      'WELCOME10',
    ]);
    // No active automatic discount: demo orders keep their menu prices.
    expect(discounts.some((d) => d.application === 'AUTOMATIC' && d.active)).toBe(false);
    expect(
      (await database.owner.select().from(s.discountItems)).filter(
        (i) => i.discountId === discounts.find((d) => d.code === 'HOTDRINKS2')!.id,
      ),
    ).toHaveLength(2);
  });

  it('never loads again over existing data', async () => {
    const before = await counts();
    expect(await seedDemoData(database.owner)).toEqual({ seeded: false, tenants: 0 });
    expect(await counts()).toEqual(before);
  });

  it('stores money as exact decimals', async () => {
    const rows = await database.owner.select({ price: s.variants.price }).from(s.variants);
    expect(rows.map((r) => r.price)).toContain('1.750');
  });
});
