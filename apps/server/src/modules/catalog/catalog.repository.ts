import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { branches, tenants } from '../identity/identity.table.ts';
import {
  categories,
  categorySchedules,
  items,
  itemTaxes,
  taxDefinitions,
  variants,
} from './catalog.table.ts';
import type { toScheduleRows } from './catalog-shapes.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { deleteTenantRow, findTenantRow, updateTenantRow } from '../../db/tenant-rows.ts';
import type { priceAdjustmentSchedules } from '../price-adjustments/price-adjustments.table.ts';

type Q = Db | Tx;

export type { CategoryRow, ItemRow, ScheduleRow, VariantRow } from './catalog.table.ts';

/** The menu's order among siblings (sections, or items in a section): position, older first. */
export const menuOrder = (t: { position: AnyPgColumn; createdAt: AnyPgColumn }) => [
  asc(t.position),
  asc(t.createdAt),
];

/** The weekday slots of a section or of a price adjustment. */
type SlotTable = typeof categorySchedules | typeof priceAdjustmentSchedules;

/** Weekday slots by day, then opening time. */
export const slotOrder = (t: SlotTable) => [asc(t.day), asc(t.openTime)];

/** Replaces the slots `owned` selects (the owner's, by tenant) with `rows`. */
export async function replaceSlots<T extends SlotTable>(
  q: Q,
  table: T,
  owned: SQL,
  rows: PgInsertValue<T>[],
): Promise<void> {
  await q.delete(table).where(owned);
  if (rows.length > 0) await q.insert(table).values(rows);
}

/** Drizzle queries of the catalog; every one is filtered by tenant. */
export const catalogRepository = {
  async tenantFlags(q: Q, tenantId: string) {
    const [row] = await q
      .select({
        isIntegrated: tenants.isIntegrated,
        viewShowSection: tenants.viewShowSection,
        catalogVersion: tenants.catalogVersion,
        banner: tenants.bannerImageUrl,
      })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return row;
  },

  /** Every catalog change bumps the version, which keys the cached tree across server copies. */
  async bumpVersion(q: Q, tenantId: string) {
    await q
      .update(tenants)
      .set({ catalogVersion: sql`${tenants.catalogVersion} + 1` })
      .where(eq(tenants.id, tenantId));
  },

  /** The ids of the tenant's branches (an item may be excluded from some). */
  async branchIds(q: Q, tenantId: string) {
    const rows = await q
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.tenantId, tenantId));
    return new Set(rows.map((b) => b.id));
  },

  async setBanner(q: Q, tenantId: string, url: string | null) {
    await q.update(tenants).set({ bannerImageUrl: url }).where(eq(tenants.id, tenantId));
  },

  async allCategories(q: Q, tenantId: string) {
    return q
      .select()
      .from(categories)
      .where(eq(categories.tenantId, tenantId))
      .orderBy(...menuOrder(categories));
  },

  async allItems(q: Q, tenantId: string) {
    return q
      .select()
      .from(items)
      .where(eq(items.tenantId, tenantId))
      .orderBy(...menuOrder(items));
  },

  async allVariants(q: Q, tenantId: string) {
    return q
      .select()
      .from(variants)
      .where(eq(variants.tenantId, tenantId))
      .orderBy(asc(variants.position));
  },

  async allItemTaxes(q: Q, tenantId: string) {
    return q.select().from(itemTaxes).where(eq(itemTaxes.tenantId, tenantId));
  },

  async allSchedules(q: Q, tenantId: string) {
    return q
      .select()
      .from(categorySchedules)
      .where(eq(categorySchedules.tenantId, tenantId))
      .orderBy(...slotOrder(categorySchedules));
  },

  async category(q: Q, tenantId: string, id: string, lock = false) {
    const query = q
      .select()
      .from(categories)
      .where(tenantRow(categories, tenantId, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async childCategories(q: Q, tenantId: string, parentId: string | null) {
    return q
      .select()
      .from(categories)
      .where(
        and(
          eq(categories.tenantId, tenantId),
          parentId === null
            ? sql`${categories.parentId} is null`
            : eq(categories.parentId, parentId),
        ),
      )
      .orderBy(...menuOrder(categories));
  },

  async itemsOf(q: Q, tenantId: string, categoryId: string) {
    return q
      .select()
      .from(items)
      .where(and(eq(items.tenantId, tenantId), eq(items.categoryId, categoryId)))
      .orderBy(...menuOrder(items));
  },

  async insertCategory(q: Q, row: typeof categories.$inferInsert) {
    const [created] = await q.insert(categories).values(row).returning();
    return created!;
  },

  async updateCategory(
    q: Q,
    tenantId: string,
    id: string,
    patch: Partial<typeof categories.$inferInsert>,
  ) {
    return updateTenantRow(q, categories, tenantId, id, { ...patch, updatedAt: new Date() });
  },

  async deleteCategory(q: Q, tenantId: string, id: string) {
    await q.delete(categories).where(tenantRow(categories, tenantId, id));
  },

  async schedule(q: Q, tenantId: string, categoryId: string) {
    return q
      .select()
      .from(categorySchedules)
      .where(
        and(eq(categorySchedules.tenantId, tenantId), eq(categorySchedules.categoryId, categoryId)),
      )
      .orderBy(...slotOrder(categorySchedules));
  },

  async replaceSchedule(
    q: Q,
    tenantId: string,
    categoryId: string,
    entries: ReturnType<typeof toScheduleRows>,
  ) {
    await replaceSlots(
      q,
      categorySchedules,
      and(eq(categorySchedules.tenantId, tenantId), eq(categorySchedules.categoryId, categoryId))!,
      entries.map((e) => ({ ...e, tenantId, categoryId })),
    );
  },

  async item(q: Q, tenantId: string, id: string) {
    return findTenantRow(q, items, tenantId, id);
  },

  async variantsOf(q: Q, tenantId: string, itemId: string) {
    return q
      .select()
      .from(variants)
      .where(and(eq(variants.tenantId, tenantId), eq(variants.itemId, itemId)))
      .orderBy(asc(variants.position));
  },

  async taxesOf(q: Q, tenantId: string, itemId: string) {
    return q
      .select({ taxId: itemTaxes.taxId })
      .from(itemTaxes)
      .where(and(eq(itemTaxes.tenantId, tenantId), eq(itemTaxes.itemId, itemId)));
  },

  async existingTaxIds(q: Q, tenantId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await q
      .select({ id: taxDefinitions.id })
      .from(taxDefinitions)
      .where(and(eq(taxDefinitions.tenantId, tenantId), inArray(taxDefinitions.id, ids)));
    return rows.map((r) => r.id);
  },

  async insertItem(q: Q, row: typeof items.$inferInsert) {
    const [created] = await q.insert(items).values(row).returning();
    return created!;
  },

  async updateItem(q: Q, tenantId: string, id: string, patch: Partial<typeof items.$inferInsert>) {
    return updateTenantRow(q, items, tenantId, id, { ...patch, updatedAt: new Date() });
  },

  async deleteItem(q: Q, tenantId: string, id: string) {
    return deleteTenantRow(q, items, tenantId, id);
  },

  /** Replaces an item's variants, keeping the ids of those sent back (prices stay linkable). */
  async replaceVariants(
    q: Q,
    tenantId: string,
    itemId: string,
    list: {
      id?: string;
      price: string;
      title: typeof variants.$inferInsert.title;
      position: number;
    }[],
  ) {
    const existing = await this.variantsOf(q, tenantId, itemId);
    const keep = new Set(list.map((v) => v.id).filter((id): id is string => !!id));
    const gone = existing.filter((v) => !keep.has(v.id)).map((v) => v.id);
    if (gone.length > 0) {
      await q
        .delete(variants)
        .where(and(eq(variants.tenantId, tenantId), inArray(variants.id, gone)));
    }
    const known = new Set(existing.map((v) => v.id));
    for (const v of list) {
      if (v.id && known.has(v.id)) {
        await q
          .update(variants)
          .set({ price: v.price, title: v.title, position: v.position })
          .where(tenantRow(variants, tenantId, v.id));
      } else {
        await q
          .insert(variants)
          .values({ tenantId, itemId, price: v.price, title: v.title, position: v.position });
      }
    }
  },

  async replaceTaxes(q: Q, tenantId: string, itemId: string, taxIds: string[]) {
    await q
      .delete(itemTaxes)
      .where(and(eq(itemTaxes.tenantId, tenantId), eq(itemTaxes.itemId, itemId)));
    if (taxIds.length > 0)
      await q.insert(itemTaxes).values(taxIds.map((taxId) => ({ tenantId, itemId, taxId })));
  },

  async setCategoryPositions(q: Q, tenantId: string, list: { id: string; position: number }[]) {
    let n = 0;
    for (const p of list) {
      const r = await q
        .update(categories)
        .set({ position: p.position })
        .where(tenantRow(categories, tenantId, p.id))
        .returning({ id: categories.id });
      n += r.length;
    }
    return n;
  },

  async setItemPositions(q: Q, tenantId: string, list: { id: string; position: number }[]) {
    let n = 0;
    for (const p of list) {
      const r = await q
        .update(items)
        .set({ position: p.position })
        .where(tenantRow(items, tenantId, p.id))
        .returning({ id: items.id });
      n += r.length;
    }
    return n;
  },
};

export type CatalogRepository = typeof catalogRepository;
