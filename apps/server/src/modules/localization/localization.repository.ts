import { and, asc, eq } from 'drizzle-orm';
import type { LocalizedText } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { categories, items, variants } from '../catalog/catalog.table.ts';
import { modifierGroups, modifierItems } from '../modifier-groups/modifier-groups.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';

type Q = Db | Tx;
type Texts = { title: LocalizedText; description: LocalizedText | null };

/**
 * The texts of sections, items, variants and modifier groups, read under a row lock so that a
 * translation and an editor's save of the same entry never overwrite each other. Every query
 * is filtered by tenant.
 */
export const localizationRepository = {
  async lockCategory(q: Q, tenantId: string, id: string): Promise<Texts | undefined> {
    const [row] = await q
      .select({ title: categories.title, description: categories.description })
      .from(categories)
      .where(tenantRow(categories, tenantId, id))
      .for('update');
    return row;
  },

  async setCategoryTexts(q: Q, tenantId: string, id: string, texts: Texts) {
    await q
      .update(categories)
      .set({ ...texts, updatedAt: new Date() })
      .where(tenantRow(categories, tenantId, id));
  },

  async lockItem(q: Q, tenantId: string, id: string): Promise<Texts | undefined> {
    const [row] = await q
      .select({ title: items.title, description: items.description })
      .from(items)
      .where(tenantRow(items, tenantId, id))
      .for('update');
    return row;
  },

  async setItemTexts(q: Q, tenantId: string, id: string, texts: Texts) {
    await q
      .update(items)
      .set({ ...texts, updatedAt: new Date() })
      .where(tenantRow(items, tenantId, id));
  },

  async variantTitles(q: Q, tenantId: string, itemId: string) {
    return q
      .select({ id: variants.id, title: variants.title })
      .from(variants)
      .where(and(eq(variants.tenantId, tenantId), eq(variants.itemId, itemId)))
      .orderBy(asc(variants.position));
  },

  async setVariantTitle(q: Q, tenantId: string, id: string, title: LocalizedText) {
    await q
      .update(variants)
      .set({ title })
      .where(tenantRow(variants, tenantId, id));
  },

  async lockGroup(q: Q, tenantId: string, id: string) {
    const [row] = await q
      .select({ title: modifierGroups.title })
      .from(modifierGroups)
      .where(tenantRow(modifierGroups, tenantId, id))
      .for('update');
    return row;
  },

  async setGroupTitle(q: Q, tenantId: string, id: string, title: LocalizedText) {
    await q
      .update(modifierGroups)
      .set({ title })
      .where(tenantRow(modifierGroups, tenantId, id));
  },

  async modifierItemTitles(q: Q, tenantId: string, groupId: string) {
    return q
      .select({ id: modifierItems.id, title: modifierItems.title })
      .from(modifierItems)
      .where(and(eq(modifierItems.tenantId, tenantId), eq(modifierItems.groupId, groupId)))
      .orderBy(asc(modifierItems.position));
  },

  async setModifierItemTitle(q: Q, tenantId: string, id: string, title: LocalizedText) {
    await q
      .update(modifierItems)
      .set({ title })
      .where(tenantRow(modifierItems, tenantId, id));
  },
};

export type LocalizationRepository = typeof localizationRepository;
