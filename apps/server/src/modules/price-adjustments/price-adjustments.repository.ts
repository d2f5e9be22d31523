import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, items, variants } from '../catalog/catalog.table.ts';
import { menuOrder, replaceSlots, slotOrder } from '../catalog/catalog.repository.ts';
import type { toScheduleRows } from '../catalog/catalog-shapes.ts';
import {
  priceAdjustments,
  priceAdjustmentSchedules,
  priceAdjustmentVariants,
} from './price-adjustments.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { deleteTenantRow, updateTenantRow } from '../../db/tenant-rows.ts';

type Q = Db | Tx;
export type AdjustmentRow = typeof priceAdjustments.$inferSelect;

export const priceAdjustmentsRepository = {
  async list(q: Q, tenantId: string, ids?: string[]) {
    return q
      .select()
      .from(priceAdjustments)
      .where(
        and(
          eq(priceAdjustments.tenantId, tenantId),
          ids ? inArray(priceAdjustments.id, ids) : undefined,
        ),
      )
      .orderBy(asc(priceAdjustments.priority), asc(priceAdjustments.createdAt));
  },

  async insert(q: Q, row: typeof priceAdjustments.$inferInsert) {
    const [created] = await q.insert(priceAdjustments).values(row).returning();
    return created!;
  },

  async update(
    q: Q,
    tenantId: string,
    id: string,
    patch: Partial<typeof priceAdjustments.$inferInsert>,
  ) {
    return updateTenantRow(q, priceAdjustments, tenantId, id, patch);
  },

  async remove(q: Q, tenantId: string, id: string) {
    return deleteTenantRow(q, priceAdjustments, tenantId, id);
  },

  async nameTaken(q: Q, tenantId: string, name: string, exceptId?: string) {
    const rows = await q
      .select({ id: priceAdjustments.id, name: priceAdjustments.name })
      .from(priceAdjustments)
      .where(eq(priceAdjustments.tenantId, tenantId));
    return rows.some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
  },

  /**
   * Linked variants with their item, for the Menu Items tab's old and new prices, in item then
   * variant order within a section (the service puts the sections in menu order).
   */
  async linked(q: Q, tenantId: string, adjustmentIds: string[]) {
    if (adjustmentIds.length === 0) return [];
    return q
      .select({
        adjustmentId: priceAdjustmentVariants.adjustmentId,
        variantId: variants.id,
        itemId: items.id,
        categoryId: items.categoryId,
        itemTitle: items.title,
        variantTitle: variants.title,
        price: variants.price,
      })
      .from(priceAdjustmentVariants)
      .innerJoin(
        variants,
        tenantRow(variants, priceAdjustmentVariants.tenantId, priceAdjustmentVariants.variantId),
      )
      .innerJoin(items, tenantRow(items, variants.tenantId, variants.itemId))
      .where(
        and(
          eq(priceAdjustmentVariants.tenantId, tenantId),
          inArray(priceAdjustmentVariants.adjustmentId, adjustmentIds),
        ),
      )
      .orderBy(...menuOrder(items), asc(variants.position));
  },

  /** The tenant's sections in the catalogue tree's order among siblings. */
  async sections(q: Q, tenantId: string) {
    return q
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.tenantId, tenantId))
      .orderBy(...menuOrder(categories));
  },

  async existingVariantIds(q: Q, tenantId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await q
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.tenantId, tenantId), inArray(variants.id, ids)));
    return rows.map((r) => r.id);
  },

  async link(q: Q, tenantId: string, adjustmentId: string, variantIds: string[]) {
    if (variantIds.length === 0) return;
    await q
      .insert(priceAdjustmentVariants)
      .values(variantIds.map((variantId) => ({ tenantId, adjustmentId, variantId })))
      .onConflictDoNothing();
  },

  async unlink(q: Q, tenantId: string, adjustmentId: string, variantId: string) {
    await q
      .delete(priceAdjustmentVariants)
      .where(
        and(
          eq(priceAdjustmentVariants.tenantId, tenantId),
          eq(priceAdjustmentVariants.adjustmentId, adjustmentId),
          eq(priceAdjustmentVariants.variantId, variantId),
        ),
      );
  },

  async schedules(q: Q, tenantId: string, adjustmentIds: string[]) {
    if (adjustmentIds.length === 0) return [];
    return q
      .select()
      .from(priceAdjustmentSchedules)
      .where(
        and(
          eq(priceAdjustmentSchedules.tenantId, tenantId),
          inArray(priceAdjustmentSchedules.adjustmentId, adjustmentIds),
        ),
      )
      .orderBy(...slotOrder(priceAdjustmentSchedules));
  },

  async replaceSchedule(
    q: Q,
    tenantId: string,
    adjustmentId: string,
    entries: ReturnType<typeof toScheduleRows>,
  ) {
    await replaceSlots(
      q,
      priceAdjustmentSchedules,
      and(
        eq(priceAdjustmentSchedules.tenantId, tenantId),
        eq(priceAdjustmentSchedules.adjustmentId, adjustmentId),
      )!,
      entries.map((e) => ({ ...e, tenantId, adjustmentId })),
    );
  },
};

export type PriceAdjustmentsRepository = typeof priceAdjustmentsRepository;
