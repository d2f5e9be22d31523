import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, items, variants } from '../catalog/catalog.table.ts';
import { modifierGroups, modifierItems } from '../modifier-groups/modifier-groups.table.ts';
import { posConnections, posMappings } from './pos-mapping.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';

type Q = Db | Tx;
export type MappingTarget = 'item' | 'modifierGroup' | 'modifierItem';

const column = {
  item: posMappings.itemId,
  modifierGroup: posMappings.modifierGroupId,
  modifierItem: posMappings.modifierItemId,
} as const;
const key = {
  item: 'itemId',
  modifierGroup: 'modifierGroupId',
  modifierItem: 'modifierItemId',
} as const;

/** The menu's rows with their point-of-sale codes; every query filtered by tenant. */
export const posMappingRepository = {
  async connection(q: Q, tenantId: string) {
    const [row] = await q
      .select()
      .from(posConnections)
      .where(eq(posConnections.tenantId, tenantId));
    return row;
  },

  /** Every tenant's connection: only the start-up pass that seals plain tokens reads them all. */
  async connections(q: Q) {
    return q
      .select({ tenantId: posConnections.tenantId, accessToken: posConnections.accessToken })
      .from(posConnections);
  },

  async replaceAccessToken(q: Q, tenantId: string, from: string, to: string) {
    const rows = await q
      .update(posConnections)
      .set({ accessToken: to })
      .where(and(eq(posConnections.tenantId, tenantId), eq(posConnections.accessToken, from)))
      .returning({ tenantId: posConnections.tenantId });
    return rows.length > 0;
  },

  async items(q: Q, tenantId: string, id?: string) {
    return q
      .select({
        id: items.id,
        title: items.title,
        active: items.active,
        price: sql<
          string | null
        >`(select min(${variants.price}) from ${variants} where ${variants.tenantId} = ${items.tenantId} and ${variants.itemId} = ${items.id})`,
        parentTitle: categories.title,
        externalSku: posMappings.externalSku,
        externalId: posMappings.externalId,
      })
      .from(items)
      .innerJoin(categories, tenantRow(categories, items.tenantId, items.categoryId))
      .leftJoin(posMappings, tenantRow(items, posMappings.tenantId, posMappings.itemId))
      .where(and(eq(items.tenantId, tenantId), id ? eq(items.id, id) : undefined))
      .orderBy(asc(categories.position), asc(items.position), asc(items.createdAt));
  },

  async modifierGroups(q: Q, tenantId: string, id?: string) {
    return q
      .select({
        id: modifierGroups.id,
        name: modifierGroups.name,
        title: modifierGroups.title,
        posSku: modifierGroups.posSku,
        externalId: posMappings.externalId,
      })
      .from(modifierGroups)
      .leftJoin(
        posMappings,
        tenantRow(modifierGroups, posMappings.tenantId, posMappings.modifierGroupId),
      )
      .where(and(eq(modifierGroups.tenantId, tenantId), id ? eq(modifierGroups.id, id) : undefined))
      .orderBy(asc(modifierGroups.createdAt), asc(modifierGroups.name));
  },

  async modifierItems(q: Q, tenantId: string, id?: string) {
    return q
      .select({
        id: modifierItems.id,
        groupId: modifierItems.groupId,
        title: modifierItems.title,
        active: modifierItems.active,
        price: modifierItems.price,
        parentTitle: modifierGroups.title,
        externalSku: posMappings.externalSku,
        externalId: posMappings.externalId,
      })
      .from(modifierItems)
      .innerJoin(
        modifierGroups,
        tenantRow(modifierGroups, modifierItems.tenantId, modifierItems.groupId),
      )
      .leftJoin(
        posMappings,
        tenantRow(modifierItems, posMappings.tenantId, posMappings.modifierItemId),
      )
      .where(and(eq(modifierItems.tenantId, tenantId), id ? eq(modifierItems.id, id) : undefined))
      .orderBy(asc(modifierItems.position));
  },

  /** Sets (or clears, with two nulls) the code of one row. */
  async setMapping(
    q: Q,
    tenantId: string,
    target: MappingTarget,
    id: string,
    codes: { externalSku: string | null; externalId: string | null },
  ) {
    if (codes.externalSku === null && codes.externalId === null) {
      await q
        .delete(posMappings)
        .where(and(eq(posMappings.tenantId, tenantId), eq(column[target], id)));
      return;
    }
    await q
      .insert(posMappings)
      .values({ tenantId, [key[target]]: id, ...codes })
      .onConflictDoUpdate({
        target: [posMappings.tenantId, column[target]],
        set: { ...codes, updatedAt: new Date() },
      });
  },

  async setGroupPosSku(q: Q, tenantId: string, id: string, posSku: string | null) {
    await q
      .update(modifierGroups)
      .set({ posSku })
      .where(tenantRow(modifierGroups, tenantId, id));
  },
};

export type PosMappingRepository = typeof posMappingRepository;
