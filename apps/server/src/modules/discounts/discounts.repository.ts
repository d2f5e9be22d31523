import { and, desc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { items } from '../catalog/catalog.table.ts';
import { discountItems, discounts } from './discounts.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { preparedPerHandle } from '../../db/prepared.ts';

type Q = Db | Tx;
export type DiscountRow = typeof discounts.$inferSelect;
export type NewDiscountRow = typeof discounts.$inferInsert;
export type DiscountWithItems = DiscountRow & { itemIds: string[] };

// The affected items of each discount, in one column.
const itemIdsOf = sql<string[]>`coalesce((
  select array_agg(di.item_id::text order by di.item_id) from ${discountItems} di
  where di.tenant_id = ${discounts.tenantId} and di.discount_id = ${discounts.id}), '{}')`;

const notDeleted = eq(discounts.deleted, false);

/** Whether the tenant has a discount, not deleted and other than `exceptId`, matching `match`. */
async function anotherLive(q: Q, tenantId: string, match: SQL, exceptId?: string) {
  const [row] = await q
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      and(
        eq(discounts.tenantId, tenantId),
        match,
        notDeleted,
        exceptId ? ne(discounts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** `discountsRepository.forOrder`, one prepared statement per handle (a null code: none). */
const forOrderStatement = preparedPerHandle((q: Db) =>
  q
    .select({ discount: discounts, itemIds: itemIdsOf })
    .from(discounts)
    .where(
      and(
        eq(discounts.tenantId, sql.placeholder('tenantId')),
        notDeleted,
        eq(discounts.active, true),
        or(eq(discounts.application, 'AUTOMATIC'), eq(discounts.code, sql.placeholder('code'))),
      ),
    )
    .orderBy(desc(discounts.createdAt), desc(discounts.id))
    .prepare('discounts_for_order'),
);

/** Discount rows and their affected items; every query by tenant. */
export const discountsRepository = {
  async list(q: Q, tenantId: string, where?: SQL): Promise<DiscountWithItems[]> {
    return q
      .select({ discount: discounts, itemIds: itemIdsOf })
      .from(discounts)
      .where(and(eq(discounts.tenantId, tenantId), notDeleted, where))
      .orderBy(desc(discounts.createdAt), desc(discounts.id))
      .then((rows) => rows.map((r) => ({ ...r.discount, itemIds: r.itemIds })));
  },

  async one(q: Q, tenantId: string, id: string): Promise<DiscountWithItems | undefined> {
    const [row] = await discountsRepository.list(q, tenantId, eq(discounts.id, id));
    return row;
  },

  /** Locks a discount for an edit: a concurrent edit waits and then sees this one's result. */
  async lock(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx
      .select()
      .from(discounts)
      .where(and(eq(discounts.tenantId, tenantId), eq(discounts.id, id), notDeleted))
      .for('update');
    return row;
  },

  async codeTaken(q: Q, tenantId: string, code: string, exceptId?: string) {
    return anotherLive(q, tenantId, eq(discounts.code, code), exceptId);
  },

  /** Another active automatic discount than `exceptId`. */
  async otherActiveAutomatic(q: Q, tenantId: string, exceptId?: string) {
    return anotherLive(
      q,
      tenantId,
      and(eq(discounts.application, 'AUTOMATIC'), eq(discounts.active, true))!,
      exceptId,
    );
  },

  async existingItemIds(q: Q, tenantId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await q
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.tenantId, tenantId), inArray(items.id, [...ids])));
    return rows.map((r) => r.id);
  },

  async insert(q: Q, row: NewDiscountRow) {
    const [created] = await q.insert(discounts).values(row).returning({ id: discounts.id });
    return created!;
  },

  async update(q: Q, tenantId: string, id: string, patch: Partial<NewDiscountRow>) {
    await q
      .update(discounts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(tenantRow(discounts, tenantId, id));
  },

  async setItems(q: Q, tenantId: string, discountId: string, itemIds: readonly string[]) {
    await q
      .delete(discountItems)
      .where(and(eq(discountItems.tenantId, tenantId), eq(discountItems.discountId, discountId)));
    if (itemIds.length > 0) {
      await q
        .insert(discountItems)
        .values(itemIds.map((itemId) => ({ tenantId, discountId, itemId })));
    }
  },

  /**
   * What an order may use, in one statement: the active discount with this code and the
   * tenant's active automatic discount (at most one each).
   */
  /** The active discounts an order may get: the automatic one and the one of `code`. */
  async forOrder(q: Db, tenantId: string, code: string | null) {
    const rows = await forOrderStatement(q).execute({ tenantId, code });
    return rows.map((r) => ({ ...r.discount, itemIds: r.itemIds }));
  },

  /**
   * Counts one use, only while the discount is active and under its limit (0: none). The row
   * lock makes concurrent orders take turns: each sees the count the previous one left, so the
   * limit is never passed. Answers the discount as it is now, or nothing.
   */
  async claim(tx: Tx, tenantId: string, id: string): Promise<DiscountWithItems | undefined> {
    const [row] = await tx
      .update(discounts)
      .set({ usageCount: sql`${discounts.usageCount} + 1` })
      .where(
        and(
          eq(discounts.tenantId, tenantId),
          eq(discounts.id, id),
          eq(discounts.active, true),
          notDeleted,
          or(eq(discounts.usageLimit, 0), sql`${discounts.usageCount} < ${discounts.usageLimit}`),
        ),
      )
      .returning({ ...getTableColumns(discounts), itemIds: itemIdsOf });
    return row;
  },

  /**
   * Gives one use back (an order that counted it was cancelled or rejected), in the cancel's
   * transaction; the row lock orders it with concurrent claims, so the count stays exact.
   */
  async giveBack(tx: Tx, tenantId: string, id: string): Promise<void> {
    await tx
      .update(discounts)
      .set({ usageCount: sql`greatest(${discounts.usageCount} - 1, 0)` })
      .where(and(eq(discounts.tenantId, tenantId), eq(discounts.id, id)));
  },
};

export type DiscountsRepository = typeof discountsRepository;
