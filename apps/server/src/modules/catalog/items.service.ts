import { NO_TAX, type CatalogItemBody } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { imageErrors, type CatalogDeps } from './catalog-common.ts';
import { toItem } from './catalog-shapes.ts';
import { recordChange } from '../audit/audit.ts';

/** An item's entry in the history of changes. */
const itemEntry = (tenantId: string, entityId: string, action: 'create' | 'update' | 'delete') =>
  ({ tenantId, entityType: 'item', entityId, action }) as const;

/** Items with their variants, taxes and modifier groups, and item availability. */
export function createItemsService(deps: CatalogDeps) {
  const { db, repository: repo } = deps;

  async function readItem(q: Db | Tx, tenantId: string, id: string) {
    const row = await repo.item(q, tenantId, id);
    if (!row) throw new NotFound('Item');
    // One after another: `q` may be a transaction, whose one connection runs one statement.
    const vs = await repo.variantsOf(q, tenantId, id);
    const taxes = await repo.taxesOf(q, tenantId, id);
    const groups = await deps.itemGroups.groupIdsOfItems(q, tenantId, [id]);
    return toItem(
      row,
      vs,
      taxes.map((t) => t.taxId),
      groups.map((g) => g.groupId),
    );
  }

  async function checkItemRefs(tx: Tx, tenantId: string, body: CatalogItemBody) {
    const errors: { field: string; codes: string[] }[] = await imageErrors(
      deps.images,
      tenantId,
      body.images,
    );
    const section = await repo.category(tx, tenantId, body.categories[0]!);
    if (!section) errors.push({ field: 'categories', codes: ['category_not_found'] });
    const taxIds = [...new Set(body.taxes.filter((t) => t !== NO_TAX))];
    const found = await repo.existingTaxIds(tx, tenantId, taxIds);
    if (found.length !== taxIds.length) errors.push({ field: 'taxes', codes: ['tax_not_found'] });
    const groupIds = [...new Set(body.modifierGroupIds)];
    if ((await deps.itemGroups.groups(tx, tenantId, groupIds)).length !== groupIds.length) {
      errors.push({ field: 'modifierGroupIds', codes: ['modifier_group_not_found'] });
    }
    if (body.excludedBranches.length > 0) {
      const branchIds = await repo.branchIds(tx, tenantId);
      if (body.excludedBranches.some((b) => !branchIds.has(b))) {
        errors.push({ field: 'excludedBranches', codes: ['branch_not_found'] });
      }
    }
    if (errors.length > 0) throw new ValidationFailed(errors);
    return taxIds;
  }

  const itemColumns = (body: CatalogItemBody) => ({
    categoryId: body.categories[0]!,
    title: body.localizedTitle,
    description: body.localizedDesc ?? null,
    images: body.images,
    active: body.active,
    isNew: body.isNew,
    enableSpecialRequest: body.enableSpecialRequest,
    position: body.position,
    excludedCheckoutTemplates: body.excludedCheckoutTemplates,
    excludedBranches: body.excludedBranches,
  });

  const variantRows = (body: CatalogItemBody) =>
    body.variants.map((v, i) => ({
      id: v.id,
      price: v.price,
      title: v.localizedTitle,
      position: v.position ?? i,
    }));

  return {
    async listItems(tenantId: string, categoryId?: string) {
      const [its, vars, taxes, groups] = await Promise.all([
        categoryId ? repo.itemsOf(db, tenantId, categoryId) : repo.allItems(db, tenantId),
        repo.allVariants(db, tenantId),
        repo.allItemTaxes(db, tenantId),
        deps.itemGroups.groupIdsOfItems(db, tenantId),
      ]);
      const by = <T extends { itemId: string }>(rows: T[]) => {
        const m = new Map<string, T[]>();
        for (const r of rows) m.set(r.itemId, [...(m.get(r.itemId) ?? []), r]);
        return m;
      };
      const [varsBy, taxesBy, groupsBy] = [by(vars), by(taxes), by(groups)];
      return its.map((it) =>
        toItem(
          it,
          varsBy.get(it.id) ?? [],
          (taxesBy.get(it.id) ?? []).map((t) => t.taxId),
          (groupsBy.get(it.id) ?? []).map((g) => g.groupId),
        ),
      );
    },

    getItem: (tenantId: string, id: string) => readItem(db, tenantId, id),

    async itemVariants(tenantId: string, id: string) {
      return (await readItem(db, tenantId, id)).variants;
    },

    async createItem(tenantId: string, body: CatalogItemBody) {
      return db.transaction(async (tx) => {
        const taxIds = await checkItemRefs(tx, tenantId, body);
        const created = await repo.insertItem(tx, { tenantId, ...itemColumns(body) });
        await repo.replaceVariants(tx, tenantId, created.id, variantRows(body));
        await repo.replaceTaxes(tx, tenantId, created.id, taxIds);
        await deps.itemGroups.setItemGroups(tx, tenantId, created.id, [
          ...new Set(body.modifierGroupIds),
        ]);
        await repo.bumpVersion(tx, tenantId);
        const after = await readItem(tx, tenantId, created.id);
        await recordChange(tx, {
          ...itemEntry(tenantId, created.id, 'create'),
          before: null,
          after,
        });
        return after;
      });
    },

    async updateItem(tenantId: string, id: string, body: CatalogItemBody) {
      return db.transaction(async (tx) => {
        const before = await readItem(tx, tenantId, id);
        const known = new Set((await repo.variantsOf(tx, tenantId, id)).map((v) => v.id));
        const foreign = body.variants.findIndex((v) => v.id && !known.has(v.id));
        if (foreign >= 0)
          throw new ValidationFailed(`variants.${foreign}.id`, ['variant_not_found']);
        const taxIds = await checkItemRefs(tx, tenantId, body);
        await repo.updateItem(tx, tenantId, id, itemColumns(body));
        await repo.replaceVariants(tx, tenantId, id, variantRows(body));
        await repo.replaceTaxes(tx, tenantId, id, taxIds);
        await deps.itemGroups.setItemGroups(tx, tenantId, id, [...new Set(body.modifierGroupIds)]);
        await repo.bumpVersion(tx, tenantId);
        const after = await readItem(tx, tenantId, id);
        await recordChange(tx, { ...itemEntry(tenantId, id, 'update'), before, after });
        return after;
      });
    },

    async deleteItem(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await readItem(tx, tenantId, id);
        if (!(await repo.deleteItem(tx, tenantId, id))) throw new NotFound('Item');
        await repo.bumpVersion(tx, tenantId);
        await recordChange(tx, { ...itemEntry(tenantId, id, 'delete'), before, after: null });
      });
    },

    /** Staff hide and show items even when the menu itself comes from the point of sale. */
    async setAvailability(tenantId: string, id: string, active: boolean, outOfStock: boolean) {
      return db.transaction(async (tx) => {
        const was = await repo.item(tx, tenantId, id);
        const row = await repo.updateItem(tx, tenantId, id, { active, outOfStock });
        if (!was || !row) throw new NotFound('Item');
        await repo.bumpVersion(tx, tenantId);
        await recordChange(tx, {
          ...itemEntry(tenantId, id, 'update'),
          label: row.title,
          before: { active: was.active, outOfStock: was.outOfStock },
          after: { active: row.active, outOfStock: row.outOfStock },
        });
        return { id, active: row.active, outOfStock: row.outOfStock };
      });
    },
  };
}
