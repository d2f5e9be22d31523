import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { items } from '../catalog/catalog.table.ts';
import { itemModifierGroups, modifierGroups, modifierItems } from './modifier-groups.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { deleteTenantRow, updateTenantRow } from '../../db/tenant-rows.ts';

type Q = Db | Tx;
export type GroupRow = typeof modifierGroups.$inferSelect;
export type ModifierItemRow = typeof modifierItems.$inferSelect;

export const modifierGroupsRepository = {
  async groups(q: Q, tenantId: string, ids?: string[]) {
    if (ids && ids.length === 0) return [];
    return q
      .select()
      .from(modifierGroups)
      .where(
        and(
          eq(modifierGroups.tenantId, tenantId),
          ids ? inArray(modifierGroups.id, ids) : undefined,
        ),
      )
      .orderBy(asc(modifierGroups.createdAt), asc(modifierGroups.name));
  },

  async itemsOfGroups(q: Q, tenantId: string, groupIds: string[]) {
    if (groupIds.length === 0) return [];
    return q
      .select()
      .from(modifierItems)
      .where(and(eq(modifierItems.tenantId, tenantId), inArray(modifierItems.groupId, groupIds)))
      .orderBy(asc(modifierItems.position));
  },

  async insertGroup(q: Q, row: typeof modifierGroups.$inferInsert) {
    const [created] = await q.insert(modifierGroups).values(row).returning();
    return created!;
  },

  async updateGroup(
    q: Q,
    tenantId: string,
    id: string,
    patch: Partial<typeof modifierGroups.$inferInsert>,
  ) {
    return updateTenantRow(q, modifierGroups, tenantId, id, patch);
  },

  async deleteGroup(q: Q, tenantId: string, id: string) {
    return deleteTenantRow(q, modifierGroups, tenantId, id);
  },

  /** Replaces a group's modifier items, keeping the ids of those sent back. */
  async replaceItems(
    q: Q,
    tenantId: string,
    groupId: string,
    list: {
      id?: string;
      title: ModifierItemRow['title'];
      price: string;
      active: boolean;
      position: number;
    }[],
  ) {
    const existing = await this.itemsOfGroups(q, tenantId, [groupId]);
    const keep = new Set(list.map((i) => i.id).filter((id): id is string => !!id));
    const gone = existing.filter((i) => !keep.has(i.id)).map((i) => i.id);
    if (gone.length > 0) {
      await q
        .delete(modifierItems)
        .where(and(eq(modifierItems.tenantId, tenantId), inArray(modifierItems.id, gone)));
    }
    const known = new Set(existing.map((i) => i.id));
    for (const i of list) {
      const values = { title: i.title, price: i.price, active: i.active, position: i.position };
      if (i.id && known.has(i.id)) {
        await q
          .update(modifierItems)
          .set(values)
          .where(tenantRow(modifierItems, tenantId, i.id));
      } else {
        await q.insert(modifierItems).values({ tenantId, groupId, ...values });
      }
    }
  },

  async linkedItems(q: Q, tenantId: string, groupId: string) {
    return q
      .select({ id: items.id, localizedTitle: items.title })
      .from(itemModifierGroups)
      .innerJoin(items, tenantRow(items, itemModifierGroups.tenantId, itemModifierGroups.itemId))
      .where(
        and(eq(itemModifierGroups.tenantId, tenantId), eq(itemModifierGroups.groupId, groupId)),
      )
      .orderBy(asc(items.position));
  },

  async groupIdsOfItems(q: Q, tenantId: string, itemIds?: string[]) {
    if (itemIds && itemIds.length === 0) return [];
    return q
      .select()
      .from(itemModifierGroups)
      .where(
        and(
          eq(itemModifierGroups.tenantId, tenantId),
          itemIds ? inArray(itemModifierGroups.itemId, itemIds) : undefined,
        ),
      )
      .orderBy(asc(itemModifierGroups.position));
  },

  async setItemGroups(q: Q, tenantId: string, itemId: string, groupIds: string[]) {
    await q
      .delete(itemModifierGroups)
      .where(and(eq(itemModifierGroups.tenantId, tenantId), eq(itemModifierGroups.itemId, itemId)));
    if (groupIds.length > 0) {
      await q
        .insert(itemModifierGroups)
        .values(groupIds.map((groupId, position) => ({ tenantId, itemId, groupId, position })));
    }
  },
};

export type ModifierGroupsRepository = typeof modifierGroupsRepository;
