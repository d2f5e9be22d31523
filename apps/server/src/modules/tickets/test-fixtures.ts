import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';

/** Ids of the demo world (db/demo-data.ts) that the ticket tests and benchmarks order from. */
export async function demoFixtures(db: Db) {
  const tenants = await db.select().from(s.tenants);
  const alBayt = tenants.find((t) => t.slug === 'al-bayt')!;
  const casa = tenants.find((t) => t.slug === 'casa-verde')!;
  const branches = await db.select().from(s.branches);
  const branch = (tenantId: string, en: string) =>
    branches.find((b) => b.tenantId === tenantId && b.name.en === en)!;
  const abdoun = branch(alBayt.id, 'Abdoun');
  const sweifieh = branch(alBayt.id, 'Sweifieh');
  const madrid = branch(casa.id, 'Madrid Centro');

  const rows = await db
    .select({ variant: s.variants, item: s.items })
    .from(s.variants)
    .innerJoin(s.items, eq(s.items.id, s.variants.itemId));
  /** The variant of an item by their English titles ('Hummus', 'Large'). */
  const variant = (item: string, title = 'Regular') => {
    const row = rows.find((r) => r.item.title.en === item && r.variant.title.en === title);
    if (!row) throw new Error(`no variant ${item} / ${title}`);
    return { variantId: row.variant.id, itemId: row.item.id, categoryId: row.item.categoryId };
  };

  const zones = await db.select().from(s.deliveryZones);
  const zone = (tenantId: string, en: string) =>
    zones.find((z) => z.tenantId === tenantId && z.title.en === en)!.id;
  const tables = await db
    .select()
    .from(s.serviceAreas)
    .where(and(eq(s.serviceAreas.tenantId, alBayt.id), eq(s.serviceAreas.branchId, abdoun.id)));
  const table = (value: string) => tables.find((t) => t.value === value)!.id;
  const categories = await db.select().from(s.categories);
  const section = (en: string) => categories.find((c) => c.title.en === en)!.id;

  return { alBayt, casa, abdoun, sweifieh, madrid, variant, zone, table, section };
}

export type DemoFixtures = Awaited<ReturnType<typeof demoFixtures>>;

export const intakeUrl = (tenantId: string, branchId: string) =>
  `/api/public/tenants/${tenantId}/branches/${branchId}/tickets`;

/** A pickup order paid in cash, ASAP: the smallest valid cart ticket. */
export const pickup = (lines: { variantId: string; quantity?: number }[]) => ({
  checkoutTemplate: 'PICKUP',
  cartItems: lines.map((l) => ({ quantity: 1, ...l })),
  isFulfillmentAsap: true,
  paymentMethodType: 'CASH',
  firstName: 'Rana',
  lang: 'en',
});

/** A price adjustment for pickup orders, priority 1, linked to the given variants; the row. */
export async function insertPickupAdjustment(
  db: Db,
  tenantId: string,
  adjustment: Pick<
    typeof s.priceAdjustments.$inferInsert,
    'name' | 'adjustmentDirection' | 'amount'
  >,
  variantIds: string[],
) {
  const [row] = await db
    .insert(s.priceAdjustments)
    .values({
      tenantId,
      adjustmentType: 'Percentage',
      checkoutTemplates: ['PICKUP'],
      priority: 1,
      ...adjustment,
    })
    .returning();
  await db
    .insert(s.priceAdjustmentVariants)
    .values(variantIds.map((variantId) => ({ tenantId, adjustmentId: row!.id, variantId })));
  return row!;
}
