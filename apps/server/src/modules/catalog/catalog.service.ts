import {
  CATALOG_LIMITS,
  NO_TAX,
  catalogRoutes,
  type CatalogItemBody,
  type CatalogItemResponse,
  type CategoryBody,
  type CategoryResponse,
  type MoveBody,
  type ScheduleEntry,
  type TreeNode,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound, ValidationFailed } from '../../errors.ts';
import { serializeResults, type SerializedReply } from '../../serialized-reply.ts';
import {
  catalogRepository as repo,
  type CategoryRow,
  type ItemRow,
  type ScheduleRow,
  type VariantRow,
} from './catalog.repository.ts';
import { modifierGroupsRepository as groupsRepo } from '../modifier-groups/modifier-groups.repository.ts';
import { assertMainSectionsEditable } from './delivery-focused.ts';

const ALL_DAY = { openTime: '00:00', closeTime: '23:59' } as const;

/** Days without a stored slot are open all day (menu-management.md §3). */
export function fillSchedule(
  rows: Pick<ScheduleRow, 'day' | 'dayClosed' | 'openTime' | 'closeTime'>[],
) {
  const out = rows.map((r) => ({
    day: r.day,
    dayClosed: r.dayClosed,
    openTime: r.openTime,
    closeTime: r.closeTime,
  }));
  for (let day = 0; day < CATALOG_LIMITS.scheduleDays; day++) {
    if (!out.some((r) => r.day === day)) out.push({ day, dayClosed: false, ...ALL_DAY });
  }
  return out.sort((a, b) => a.day - b.day || (a.openTime ?? '').localeCompare(b.openTime ?? ''));
}

const money = (v: string) => Number(v);

/** Rows to store for a validated schedule: a closed day keeps no times. */
export const toScheduleRows = (entries: ScheduleEntry[]) =>
  entries.map((e) => ({
    day: e.day,
    dayClosed: e.dayClosed,
    openTime: e.dayClosed ? null : (e.openTime ?? null),
    closeTime: e.dayClosed ? null : (e.closeTime ?? null),
  }));

function levelOf(byId: Map<string, Pick<CategoryRow, 'parentId'>>, id: string): number {
  let level = 0;
  let cur = byId.get(id);
  while (cur?.parentId) {
    level++;
    cur = byId.get(cur.parentId);
    if (level > 50) break; // a cycle never exists; this only bounds the walk
  }
  return level;
}

function toCategory(row: CategoryRow, schedule: ScheduleRow[], level: number): CategoryResponse {
  return {
    id: row.id,
    parentId: row.parentId,
    localizedTitle: row.title,
    localizedDesc: row.description,
    images: row.images,
    position: row.position,
    active: row.active,
    hideWhenNotAvailable: row.hideWhenNotAvailable,
    excludedCheckoutTemplates: row.excludedCheckoutTemplates,
    schedule: fillSchedule(schedule),
    level,
  };
}

function toItem(
  row: ItemRow,
  vs: VariantRow[],
  taxIds: string[],
  groupIds: string[],
): CatalogItemResponse {
  return {
    id: row.id,
    categories: [row.categoryId],
    localizedTitle: row.title,
    localizedDesc: row.description,
    images: row.images,
    thumbnail: row.images[0] ?? null,
    variants: vs.map((v) => ({
      id: v.id,
      price: money(v.price),
      localizedTitle: v.title,
      position: v.position,
    })),
    taxes: taxIds,
    active: row.active,
    outOfStock: row.outOfStock,
    isNew: row.isNew,
    enableSpecialRequest: row.enableSpecialRequest,
    position: row.position,
    modifierGroupIds: groupIds,
    excludedCheckoutTemplates: row.excludedCheckoutTemplates,
    excludedBranches: row.excludedBranches,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** Recognises the image urls the upload call handed this tenant. */
export type TenantImages = { isTenantImage(tenantId: string, url: string): Promise<boolean> };

export function createCatalogService(deps: {
  db: Db;
  images: TenantImages;
  treeCacheSize?: number;
}) {
  const { db } = deps;
  // Serialized trees by tenant, valid while the tenant's catalog version is unchanged.
  const treeCache = new Map<string, { version: number; json: SerializedReply }>();
  const cacheSize = deps.treeCacheSize ?? 200;

  async function flags(q: Db | Tx, tenantId: string) {
    const f = await repo.tenantFlags(q, tenantId);
    if (!f) throw new NotFound('Tenant');
    return f;
  }

  async function buildTree(tenantId: string): Promise<TreeNode> {
    const [cats, its, vars, taxes, schedules, f] = await Promise.all([
      repo.allCategories(db, tenantId),
      repo.allItems(db, tenantId),
      repo.allVariants(db, tenantId),
      repo.allItemTaxes(db, tenantId),
      repo.allSchedules(db, tenantId),
      flags(db, tenantId),
    ]);
    const byId = new Map(cats.map((c) => [c.id, c]));
    const varsByItem = new Map<string, VariantRow[]>();
    for (const v of vars) varsByItem.set(v.itemId, [...(varsByItem.get(v.itemId) ?? []), v]);
    const taxesByItem = new Map<string, string[]>();
    for (const t of taxes)
      taxesByItem.set(t.itemId, [...(taxesByItem.get(t.itemId) ?? []), t.taxId]);
    const schedByCat = new Map<string, ScheduleRow[]>();
    for (const s of schedules)
      schedByCat.set(s.categoryId, [...(schedByCat.get(s.categoryId) ?? []), s]);

    const root: TreeNode = {
      id: tenantId,
      parentId: null,
      type: 'CATALOG',
      title: { fieldValue: 'Menu', en: 'Menu', ar: 'القائمة', es: 'Menú' },
      desc: null,
      img: f.banner,
      active: true,
      new: false,
      position: 0,
      level: -1,
      schedule: [],
      taxes: [],
      excludedCheckoutTemplates: [],
      variants: [],
      children: [],
    };
    const nodes = new Map<string, TreeNode>();
    for (const c of cats) {
      nodes.set(c.id, {
        id: c.id,
        parentId: c.parentId,
        type: 'CATALOG_CATEGORY',
        title: c.title,
        desc: c.description,
        img: c.images[0] ?? null,
        active: c.active,
        new: false,
        position: c.position,
        level: levelOf(byId, c.id),
        schedule: fillSchedule(schedByCat.get(c.id) ?? []),
        taxes: [],
        excludedCheckoutTemplates: c.excludedCheckoutTemplates,
        variants: [],
        children: [],
      });
    }
    for (const c of cats) {
      const node = nodes.get(c.id)!;
      (c.parentId ? (nodes.get(c.parentId) ?? root) : root).children.push(node);
    }
    for (const it of its) {
      const parent = nodes.get(it.categoryId);
      if (!parent) continue;
      parent.children.push({
        id: it.id,
        parentId: it.categoryId,
        type: 'CATALOG_ITEM',
        title: it.title,
        desc: it.description,
        img: it.images[0] ?? null,
        active: it.active && !it.outOfStock,
        new: it.isNew,
        position: it.position,
        level: parent.level + 1,
        schedule: [],
        taxes: taxesByItem.get(it.id) ?? [],
        excludedCheckoutTemplates: it.excludedCheckoutTemplates,
        variants: (varsByItem.get(it.id) ?? []).map((v) => ({
          id: v.id,
          price: money(v.price),
          title: v.title,
        })),
        children: [],
      });
    }
    return root;
  }

  async function bump(tx: Tx, tenantId: string) {
    await repo.bumpVersion(tx, tenantId);
  }

  async function readCategory(q: Db | Tx, tenantId: string, id: string) {
    const row = await repo.category(q, tenantId, id);
    if (!row) throw new NotFound('Section');
    const cats = await repo.allCategories(q, tenantId);
    const byId = new Map(cats.map((c) => [c.id, c]));
    return toCategory(row, await repo.schedule(q, tenantId, id), levelOf(byId, id));
  }

  async function readItem(q: Db | Tx, tenantId: string, id: string) {
    const row = await repo.item(q, tenantId, id);
    if (!row) throw new NotFound('Item');
    const [vs, taxes, groups] = await Promise.all([
      repo.variantsOf(q, tenantId, id),
      repo.taxesOf(q, tenantId, id),
      groupsRepo.groupIdsOfItems(q, tenantId, [id]),
    ]);
    return toItem(
      row,
      vs,
      taxes.map((t) => t.taxId),
      groups.map((g) => g.groupId),
    );
  }

  /** Only this tenant's own uploads: never another tenant's file or an outside address. */
  async function imageErrors(tenantId: string, urls: readonly string[]) {
    const own = await Promise.all(urls.map((url) => deps.images.isTenantImage(tenantId, url)));
    return own.every(Boolean) ? [] : [{ field: 'images', codes: ['image_url_invalid'] }];
  }

  async function assertImages(tenantId: string, urls: readonly string[]) {
    const errors = await imageErrors(tenantId, urls);
    if (errors.length > 0) throw new ValidationFailed(errors);
  }

  async function checkItemRefs(tx: Tx, tenantId: string, body: CatalogItemBody) {
    const errors: { field: string; codes: string[] }[] = await imageErrors(tenantId, body.images);
    const section = await repo.category(tx, tenantId, body.categories[0]!);
    if (!section) errors.push({ field: 'categories', codes: ['category_not_found'] });
    const taxIds = [...new Set(body.taxes.filter((t) => t !== NO_TAX))];
    const found = await repo.existingTaxIds(tx, tenantId, taxIds);
    if (found.length !== taxIds.length) errors.push({ field: 'taxes', codes: ['tax_not_found'] });
    const groupIds = [...new Set(body.modifierGroupIds)];
    if ((await groupsRepo.groups(tx, tenantId, groupIds)).length !== groupIds.length) {
      errors.push({ field: 'modifierGroupIds', codes: ['modifier_group_not_found'] });
    }
    if (body.excludedBranches.length > 0) {
      const branchIds = new Set(
        (
          await tx.query.branches.findMany({
            where: (b, { eq }) => eq(b.tenantId, tenantId),
            columns: { id: true },
          })
        ).map((b) => b.id),
      );
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
    /** The whole catalog as one tree, answered from cache while nothing changed. */
    async treeJson(tenantId: string): Promise<SerializedReply> {
      const f = await flags(db, tenantId);
      const cached = treeCache.get(tenantId);
      if (cached && cached.version === f.catalogVersion) return cached.json;
      // Through the route's contract once per catalogue version, not once per request.
      const json = serializeResults(catalogRoutes.tree, await buildTree(tenantId));
      if (treeCache.size >= cacheSize) treeCache.delete(treeCache.keys().next().value!);
      treeCache.set(tenantId, { version: f.catalogVersion, json });
      return json;
    },

    async tree(tenantId: string) {
      return buildTree(tenantId);
    },

    async setBanner(tenantId: string, images: string[]) {
      await db.transaction(async (tx) => {
        await assertImages(tenantId, images);
        await repo.setBanner(tx, tenantId, images[0] ?? null);
        await bump(tx, tenantId);
      });
      return { images };
    },

    async listCategories(tenantId: string) {
      const [cats, schedules] = await Promise.all([
        repo.allCategories(db, tenantId),
        repo.allSchedules(db, tenantId),
      ]);
      const byId = new Map(cats.map((c) => [c.id, c]));
      return cats.map((c) =>
        toCategory(
          c,
          schedules.filter((s) => s.categoryId === c.id),
          levelOf(byId, c.id),
        ),
      );
    },

    getCategory: (tenantId: string, id: string) => readCategory(db, tenantId, id),

    async currentLevel(tenantId: string, id: string) {
      const c = await readCategory(db, tenantId, id);
      return { level: c.level };
    },

    async createCategory(tenantId: string, parentId: string | null, body: CategoryBody) {
      return db.transaction(async (tx) => {
        await assertImages(tenantId, body.images);
        if (!parentId) await assertMainSectionsEditable(tx, tenantId);
        if (parentId) {
          const parent = await repo.category(tx, tenantId, parentId, true);
          if (!parent) throw new NotFound('Parent section');
          const cats = await repo.allCategories(tx, tenantId);
          const level = levelOf(new Map(cats.map((c) => [c.id, c])), parentId);
          if (level >= CATALOG_LIMITS.maxSectionLevel)
            throw new ValidationFailed('parentId', ['category_max_depth']);
        }
        const siblings = await repo.childCategories(tx, tenantId, parentId);
        const created = await repo.insertCategory(tx, {
          tenantId,
          parentId,
          title: body.localizedTitle,
          description: body.localizedDesc ?? null,
          images: body.images,
          active: body.active,
          hideWhenNotAvailable: body.hideWhenNotAvailable,
          excludedCheckoutTemplates: body.excludedCheckoutTemplates,
          position: body.position ?? siblings.length,
        });
        await bump(tx, tenantId);
        return readCategory(tx, tenantId, created.id);
      });
    },

    async updateCategory(tenantId: string, id: string, body: CategoryBody) {
      return db.transaction(async (tx) => {
        await assertImages(tenantId, body.images);
        const current = await repo.category(tx, tenantId, id, true);
        if (!current) throw new NotFound('Section');
        if (!current.parentId) await assertMainSectionsEditable(tx, tenantId);
        const row = await repo.updateCategory(tx, tenantId, id, {
          title: body.localizedTitle,
          description: body.localizedDesc ?? null,
          images: body.images,
          active: body.active,
          hideWhenNotAvailable: body.hideWhenNotAvailable,
          excludedCheckoutTemplates: body.excludedCheckoutTemplates,
          ...(body.position !== undefined ? { position: body.position } : {}),
        });
        if (!row) throw new NotFound('Section');
        await bump(tx, tenantId);
        return readCategory(tx, tenantId, id);
      });
    },

    async deleteCategory(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        const row = await repo.category(tx, tenantId, id, true);
        if (!row) throw new NotFound('Section');
        if (!row.parentId) await assertMainSectionsEditable(tx, tenantId);
        const [children, contents] = await Promise.all([
          repo.childCategories(tx, tenantId, id),
          repo.itemsOf(tx, tenantId, id),
        ]);
        if (children.length > 0 || contents.length > 0) {
          throw new Conflict(
            'unable_to_delete_remove_children',
            'Empty the section first: it still has sections or items',
          );
        }
        await repo.deleteCategory(tx, tenantId, id);
        await bump(tx, tenantId);
      });
    },

    async getSchedule(tenantId: string, id: string) {
      const row = await repo.category(db, tenantId, id);
      if (!row) throw new NotFound('Section');
      return fillSchedule(await repo.schedule(db, tenantId, id));
    },

    /** Schedules stay editable for integrated tenants. */
    async setSchedule(tenantId: string, id: string, entries: ScheduleEntry[]) {
      return db.transaction(async (tx) => {
        const row = await repo.category(tx, tenantId, id, true);
        if (!row) throw new NotFound('Section');
        await repo.replaceSchedule(tx, tenantId, id, toScheduleRows(entries));
        await bump(tx, tenantId);
        return fillSchedule(await repo.schedule(tx, tenantId, id));
      });
    },

    async listItems(tenantId: string, categoryId?: string) {
      const [its, vars, taxes, groups] = await Promise.all([
        categoryId ? repo.itemsOf(db, tenantId, categoryId) : repo.allItems(db, tenantId),
        repo.allVariants(db, tenantId),
        repo.allItemTaxes(db, tenantId),
        groupsRepo.groupIdsOfItems(db, tenantId),
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
        await groupsRepo.setItemGroups(tx, tenantId, created.id, [
          ...new Set(body.modifierGroupIds),
        ]);
        await bump(tx, tenantId);
        return readItem(tx, tenantId, created.id);
      });
    },

    async updateItem(tenantId: string, id: string, body: CatalogItemBody) {
      return db.transaction(async (tx) => {
        if (!(await repo.item(tx, tenantId, id))) throw new NotFound('Item');
        const known = new Set((await repo.variantsOf(tx, tenantId, id)).map((v) => v.id));
        const foreign = body.variants.findIndex((v) => v.id && !known.has(v.id));
        if (foreign >= 0)
          throw new ValidationFailed(`variants.${foreign}.id`, ['variant_not_found']);
        const taxIds = await checkItemRefs(tx, tenantId, body);
        await repo.updateItem(tx, tenantId, id, itemColumns(body));
        await repo.replaceVariants(tx, tenantId, id, variantRows(body));
        await repo.replaceTaxes(tx, tenantId, id, taxIds);
        await groupsRepo.setItemGroups(tx, tenantId, id, [...new Set(body.modifierGroupIds)]);
        await bump(tx, tenantId);
        return readItem(tx, tenantId, id);
      });
    },

    async deleteItem(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteItem(tx, tenantId, id))) throw new NotFound('Item');
        await bump(tx, tenantId);
      });
    },

    /** Staff hide and show items even when the menu itself comes from the point of sale. */
    async setAvailability(tenantId: string, id: string, active: boolean, outOfStock: boolean) {
      return db.transaction(async (tx) => {
        const row = await repo.updateItem(tx, tenantId, id, { active, outOfStock });
        if (!row) throw new NotFound('Item');
        await bump(tx, tenantId);
        return { id, active: row.active, outOfStock: row.outOfStock };
      });
    },

    /** Rewrites positions of sections and items in one transaction; an unknown id undoes all. */
    async setPositions(tenantId: string, list: { id: string; position: number }[]) {
      await db.transaction(async (tx) => {
        const cats = await repo.setCategoryPositions(tx, tenantId, list);
        const its = await repo.setItemPositions(tx, tenantId, list);
        if (cats + its !== new Set(list.map((p) => p.id)).size)
          throw new ValidationFailed('id', ['not_found']);
        await bump(tx, tenantId);
      });
      return list;
    },

    /** Moves a section in the tree under the categories manager's drop rules, then reindexes. */
    async move(tenantId: string, body: MoveBody) {
      await db.transaction(async (tx) => {
        const cats = await repo.allCategories(tx, tenantId);
        const byId = new Map(cats.map((c) => [c.id, c]));
        const node = byId.get(body.nodeId);
        if (!node) throw new NotFound('Section');
        await repo.category(tx, tenantId, node.id, true);
        const parentId = body.parentId;
        if (!node.parentId || !parentId) await assertMainSectionsEditable(tx, tenantId);
        if (parentId !== null) {
          if (!byId.has(parentId)) throw new ValidationFailed('parentId', ['category_not_found']);
          // Not under itself nor under one of its own descendants.
          for (let cur: string | null = parentId; cur; cur = byId.get(cur)?.parentId ?? null) {
            if (cur === node.id) throw new ValidationFailed('parentId', ['move_into_itself']);
          }
          if (levelOf(byId, parentId) >= CATALOG_LIMITS.maxSectionLevel) {
            throw new ValidationFailed('parentId', ['category_max_depth']);
          }
        }
        const hasSubSections = cats.some((c) => c.parentId === node.id);
        if (hasSubSections && parentId !== node.parentId) {
          throw new ValidationFailed('parentId', ['category_with_sections_cannot_move']);
        }
        const siblings = cats.filter((c) => c.parentId === parentId && c.id !== node.id);
        const index = Math.min(body.newIndex, siblings.length);
        siblings.splice(index, 0, node);
        if (node.parentId !== parentId)
          await repo.updateCategory(tx, tenantId, node.id, { parentId });
        const oldSiblings =
          node.parentId !== parentId
            ? cats.filter((c) => c.parentId === node.parentId && c.id !== node.id)
            : [];
        await repo.setCategoryPositions(tx, tenantId, [
          ...siblings.map((c, i) => ({ id: c.id, position: i })),
          ...oldSiblings.map((c, i) => ({ id: c.id, position: i })),
        ]);
        await bump(tx, tenantId);
      });
      return buildTree(tenantId);
    },
  };
}
